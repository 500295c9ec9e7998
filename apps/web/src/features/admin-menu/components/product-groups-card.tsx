import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminProductQueryOptions } from '../api/get-product';
import { useAdminProducts } from '../api/get-products';
import { groupDrafts } from '../lib/product-draft';
import type { ProductForm } from '../hooks/use-product-form';
import { GroupsEditor } from './groups-editor';
import styles from './product-editor.module.css';

/** Grupos de opciones: the groups, their messages, and copying another product's groups. */
export function ProductGroupsCard({ form, productId }: { form: ProductForm; productId?: number }) {
  const { draft, problems, set } = form;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>Grupos de opciones</h2>
      <GroupsEditor
        groups={draft.groups}
        onChange={(groups) => set('groups', groups)}
        problems={problems.groups}
      />
      {problems.fields.modifier_group ? (
        <p className={styles.fieldError}>{problems.fields.modifier_group}</p>
      ) : null}
      <CopyGroups form={form} productId={productId} />
    </div>
  );
}

/** Another product's groups added after this one's (new groups: their ids are not kept). */
function CopyGroups({ form, productId }: { form: ProductForm; productId: number | undefined }) {
  const queryClient = useQueryClient();
  const others = useAdminProducts({ q: '', category_id: null });
  const [copyFrom, setCopyFrom] = useState('');

  async function copyGroups() {
    const source = Number(copyFrom);
    if (!source) return;
    const from = await queryClient.fetchQuery(adminProductQueryOptions(source));
    form.set('groups', [...form.draft.groups, ...groupDrafts(from.modifier_group, false)]);
  }

  return (
    <div className={styles.copy}>
      <label className={styles.field}>
        <span className={styles.label}>Copiar grupos de otro producto</span>
        <select
          className={styles.input}
          value={copyFrom}
          onChange={(e) => setCopyFrom(e.target.value)}
        >
          <option value="">Elige un producto</option>
          {(others.data ?? [])
            .filter((p) => p.id !== productId)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.category_title})
              </option>
            ))}
        </select>
      </label>
      <Button variant="secondary" disabled={!copyFrom} onClick={() => void copyGroups()}>
        Copiar grupos
      </Button>
    </div>
  );
}

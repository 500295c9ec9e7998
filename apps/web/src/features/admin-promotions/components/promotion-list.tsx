import { chainToday, type AdminPromotion } from '@comanda/shared';
import { useState } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { usePromotionChoices, type PromotionChoices } from '../api/get-choices';
import { usePromotions } from '../api/get-promotions';
import { useRemovePromotion } from '../api/remove-promotion';
import { useUpdatePromotion } from '../api/update-promotion';
import { bodyOf, dealText, promotionValues, whenText } from '../lib/promotion-values';
import { PromotionForm } from './promotion-form';
import cards from '@/components/admin/admin-cards.module.css';

/** The rule as it is, turned off or on. */
const toggled = (rule: AdminPromotion) => ({
  id: rule.id,
  ...bodyOf(promotionValues(rule), {
    stacks_with_code: rule.stacks_with_code,
    active: !rule.active,
  }),
  version: rule.version,
});

/** "Todas las sedes" or the branches' names. */
function whereText(rule: AdminPromotion, choices: PromotionChoices | undefined): string {
  if (rule.branch_ids.length === 0) return 'Todas las sedes';
  const names = new Map(choices?.branches.map((b) => [b.id, b.title]));
  return rule.branch_ids.map((id) => names.get(id) ?? `Sede ${id}`).join(', ');
}

/** On, off, not yet, or over: from its dates and its switch. */
function Status({ rule, today }: { rule: AdminPromotion; today: string }) {
  const off = `${cards.badge} ${cards.badgeOff}`;
  if (!rule.active) return <span className={off}>Desactivada</span>;
  if (rule.starts_on !== null && today < rule.starts_on)
    return <span className={off}>Programada</span>;
  if (rule.ends_on !== null && today > rule.ends_on) return <span className={off}>Terminada</span>;
  return <span className={cards.badge}>Activa</span>;
}

/** Promociones (product.md «Promotions»): the chain's rules, each editable, and a new one. */
export function PromotionList() {
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const choices = usePromotionChoices();
  return (
    <AdminSection
      title="Promociones"
      description="Se aplican solas en el carrito y al confirmar el pedido, en los días, horas y sedes de cada una."
      actions={<Button onClick={() => setEditing('new')}>Nueva promoción</Button>}
      notice={notice}
    >
      {editing && choices.data ? (
        <PromotionForm
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          choices={choices.data}
          onDone={(title) => {
            if (title !== null) setNotice(`Promoción «${title}» guardada.`);
            setEditing(null);
          }}
        />
      ) : null}
      <PromotionCards choices={choices.data} onEdit={setEditing} />
    </AdminSection>
  );
}

function PromotionCards({
  choices,
  onEdit,
}: {
  choices: PromotionChoices | undefined;
  onEdit: (rule: AdminPromotion) => void;
}) {
  const promotions = usePromotions();
  const update = useUpdatePromotion();
  const remove = useRemovePromotion();
  const today = chainToday();
  return (
    <AdminList
      look="cards"
      label="Promociones"
      query={promotions}
      items={promotions.data ?? []}
      loading="Cargando promociones…"
      failed="No pudimos cargar las promociones."
      failedDetail
      empty="Aún no hay promociones."
      problem={(update.error ?? remove.error)?.message}
    >
      {(rule) => (
        <li key={rule.id} className={`${cards.card} ${rule.active ? '' : cards.cardMuted}`}>
          <div className={cards.body}>
            <span className={cards.name}>{rule.title}</span>
            <span className={cards.meta}>{dealText(rule)}</span>
            <span className={cards.meta}>
              {whenText(rule)} · {whereText(rule, choices)}
            </span>
            <Status rule={rule} today={today} />
          </div>
          <div className={cards.actions}>
            <Button variant="secondary" onClick={() => onEdit(rule)}>
              Editar<span className="visually-hidden"> {rule.title}</span>
            </Button>
            <Button
              variant="ghost"
              disabled={update.isPending}
              onClick={() => update.mutate(toggled(rule))}
            >
              {rule.active ? 'Desactivar' : 'Activar'}
              <span className="visually-hidden"> {rule.title}</span>
            </Button>
            <Button
              variant="ghost"
              disabled={remove.isPending}
              onClick={() => remove.mutate(rule.id)}
            >
              Eliminar<span className="visually-hidden"> {rule.title}</span>
            </Button>
          </div>
        </li>
      )}
    </AdminList>
  );
}

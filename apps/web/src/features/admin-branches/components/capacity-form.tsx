import {
  adminBranchSchema,
  branchCapacityBody,
  type AdminBranch,
  type BranchCapacityBody,
} from '@comanda/shared';
import { useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSetBranchCapacity } from '../api/set-branch-capacity';
import styles from './branches.module.css';

const FIELDS = ['orders_per_slot', 'units_per_slot'] as const;
type Field = (typeof FIELDS)[number];

/** The limits as the form holds them: empty for none. */
const capacityValues = (branch: AdminBranch): Record<Field, string> => ({
  orders_per_slot: branch.orders_per_slot === null ? '' : String(branch.orders_per_slot),
  units_per_slot: branch.units_per_slot === null ? '' : String(branch.units_per_slot),
});

/** After another admin saved the branch: their limits beside these, as the flat forms do. */
const capacityConflict: ConflictSetup<Field> = {
  labels: {
    orders_per_slot: 'Pedidos por franja de 15 minutos',
    units_per_slot: 'Productos por franja de 15 minutos',
  },
  read: readRecord(adminBranchSchema, capacityValues),
  shown: (_field, value) => (value === '' ? 'Sin límite' : value),
};

/** Empty means no limit; anything that is not a whole number stays NaN for the schema to refuse. */
const perSlot = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

const capacityBody = (values: Record<Field, string>): BranchCapacityBody => ({
  orders_per_slot: perSlot(values.orders_per_slot),
  units_per_slot: perSlot(values.units_per_slot),
});

/**
 * Pedidos programados: how many scheduled orders (and, if the kitchen counts them, product
 * units) the branch takes in each 15-minute slot. A full slot is shown as full to customers and
 * refused at placement.
 */
export function CapacityForm({ branch }: { branch: AdminBranch }) {
  const save = useSetBranchCapacity(branch);
  const [saved, setSaved] = useState(false);
  const { problems, sending, onSubmit, formRef, bind, conflict } = useForm({
    fields: FIELDS,
    initial: capacityValues(branch),
    check: (values) =>
      problemsFromParse(branchCapacityBody.safeParse(capacityBody(values)), FIELDS),
    send: (values, over) => {
      setSaved(false);
      return save.mutateAsync({
        ...capacityBody(values),
        ...(over ? { version: over.version } : {}),
      });
    },
    onSent: () => setSaved(true),
    conflict: capacityConflict,
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="capacity-heading"
    >
      <h2 id="capacity-heading" className={styles.sectionTitle}>
        Pedidos programados
      </h2>
      <div className={styles.grid}>
        <TextField
          {...bind('orders_per_slot')}
          label="Pedidos por franja de 15 minutos"
          inputMode="numeric"
          maxLength={3}
          hint="Vacío: sin límite."
        />
        <TextField
          {...bind('units_per_slot')}
          label="Productos por franja de 15 minutos"
          inputMode="numeric"
          maxLength={3}
          hint="Opcional. Vacío: sin límite."
        />
      </div>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar capacidad'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Capacidad guardada.' : ''}
        </p>
      </div>
    </form>
  );
}

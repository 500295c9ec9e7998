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

const FIELDS = ['orders_per_slot', 'units_per_slot', 'staff_sets_capacity'] as const;
type Field = (typeof FIELDS)[number];

/** The limits as the form holds them: empty for none. */
const capacityValues = (branch: AdminBranch): Record<Field, string> => ({
  orders_per_slot: branch.orders_per_slot === null ? '' : String(branch.orders_per_slot),
  units_per_slot: branch.units_per_slot === null ? '' : String(branch.units_per_slot),
  // A checkbox as the flat forms hold one: "1" when ticked.
  staff_sets_capacity: branch.staff_sets_capacity ? '1' : '',
});

/** After another admin saved the branch: their limits beside these, as the flat forms do. */
const capacityConflict: ConflictSetup<Field> = {
  labels: {
    orders_per_slot: 'Pedidos por franja de 15 minutos',
    units_per_slot: 'Productos por franja de 15 minutos',
    staff_sets_capacity: 'La sede puede cambiar los pedidos por franja',
  },
  read: readRecord(adminBranchSchema, capacityValues),
  shown: (field, value) =>
    field === 'staff_sets_capacity' ? (value ? 'Sí' : 'No') : value === '' ? 'Sin límite' : value,
};

/** Empty means no limit; anything that is not a whole number stays NaN for the schema to refuse. */
const perSlot = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

const capacityBody = (values: Record<Field, string>): BranchCapacityBody => ({
  orders_per_slot: perSlot(values.orders_per_slot),
  units_per_slot: perSlot(values.units_per_slot),
  staff_sets_capacity: values.staff_sets_capacity === '1',
});

/**
 * Pedidos programados: how many scheduled orders (and, if the kitchen counts them, product
 * units) the branch takes in each 15-minute slot. A full slot is shown as full to customers and
 * refused at placement.
 */
export function CapacityForm({ branch }: { branch: AdminBranch }) {
  const save = useSetBranchCapacity(branch);
  const [saved, setSaved] = useState(false);
  const { values, setValue, problems, sending, onSubmit, formRef, bind, conflict } = useForm({
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
      <StaffMaySet
        checked={values.staff_sets_capacity === '1'}
        onChange={(on) => setValue('staff_sets_capacity', on ? '1' : '')}
      />
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

/** Whether the branch's staff may change the orders per slot from Controles (decision 090). */
function StaffMaySet({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        name="staff_sets_capacity"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      El personal de la sede puede cambiar los pedidos por franja desde su consola
    </label>
  );
}

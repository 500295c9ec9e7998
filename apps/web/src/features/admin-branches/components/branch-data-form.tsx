import { adminBranchBody, type AdminBranch } from '@comanda/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useCreateBranch } from '../api/create-branch';
import { useUpdateBranch } from '../api/update-branch';
import { dataBody, dataConflict, dataValues, DATA_FIELDS } from '../lib/branch-form';
import styles from './branches.module.css';
import { panelHref } from '@/config/panel-paths';

/** Datos: title, address, phone, city, pickup and/or delivery, usual preparation minutes. */
export function BranchDataForm({ branch }: { branch: AdminBranch | null }) {
  const navigate = useNavigate();
  const create = useCreateBranch();
  const update = useUpdateBranch(branch);
  const [saved, setSaved] = useState(false);
  const { values, setValue, problems, sending, onSubmit, formRef, bind, conflict } = useForm({
    fields: DATA_FIELDS,
    initial: dataValues(branch),
    check: (values) => problemsFromParse(adminBranchBody.safeParse(dataBody(values)), DATA_FIELDS),
    send: (values, over) => {
      setSaved(false);
      const body = adminBranchBody.parse(dataBody(values));
      return branch
        ? update.mutateAsync({ ...body, version: over?.version ?? branch.version })
        : create.mutateAsync(body);
    },
    conflict: dataConflict,
    onSent: (answer) => {
      if (branch) setSaved(true);
      else void navigate(panelHref.branch(answer.id, 'horario'));
    },
  });
  const checkbox = (field: 'pickup_available' | 'delivery_available', label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={field}
        checked={values[field] === '1'}
        onChange={(event) => {
          setSaved(false);
          setValue(field, event.target.checked ? '1' : '');
        }}
        aria-invalid={problems.fields[field] ? true : undefined}
      />
      {label}
    </label>
  );

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <div className={styles.grid}>
        <TextField
          {...bind('title')}
          label="Nombre de la sede"
          maxLength={120}
          aria-required="true"
        />
        <TextField {...bind('address')} label="Dirección" maxLength={200} aria-required="true" />
        <TextField
          {...bind('phone')}
          label="Teléfono"
          inputMode="tel"
          maxLength={10}
          aria-required="true"
        />
        <TextField {...bind('city')} label="Ciudad" maxLength={80} aria-required="true" />
        <TextField
          {...bind('prep_minutes')}
          label="Preparación habitual (minutos)"
          inputMode="numeric"
          maxLength={3}
          hint="Lo que suele tardar un pedido desde que se acepta."
        />
      </div>
      <fieldset className={styles.services}>
        <legend>Servicios</legend>
        {checkbox('pickup_available', 'Recogida en tienda')}
        {checkbox('delivery_available', 'Domicilio')}
        {problems.fields.pickup_available ? (
          <p className={styles.fieldError}>{problems.fields.pickup_available}</p>
        ) : null}
      </fieldset>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : branch ? 'Guardar datos' : 'Crear sede'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Datos guardados.' : ''}
        </p>
      </div>
    </form>
  );
}

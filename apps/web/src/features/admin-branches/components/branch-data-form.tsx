import { adminBranchBody, type AdminBranch } from '@comanda/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse, type FormProblems } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useCreateBranch } from '../api/create-branch';
import { useUpdateBranch } from '../api/update-branch';
import {
  dataBody,
  dataConflict,
  dataValues,
  DATA_FIELDS,
  type DataField,
} from '../lib/branch-form';
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
  const setService = (field: ServiceField, on: boolean) => {
    setSaved(false);
    setValue(field, on ? '1' : '');
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <DataFields bind={bind} />
      <fieldset className={styles.services}>
        <legend>Servicios</legend>
        <ServiceCheck
          field="pickup_available"
          label="Recogida en tienda"
          {...{ values, problems }}
          onChange={setService}
        />
        <ServiceCheck
          field="delivery_available"
          label="Domicilio"
          {...{ values, problems }}
          onChange={setService}
        />
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

/** Name, address, phone, city and preparation minutes. */
function DataFields({ bind }: { bind: (field: DataField) => FieldBinding }) {
  return (
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
  );
}

type ServiceField = 'pickup_available' | 'delivery_available';

interface ServiceCheckProps {
  field: ServiceField;
  label: string;
  values: Record<DataField, string>;
  problems: FormProblems<DataField>;
  onChange: (field: ServiceField, on: boolean) => void;
}

/** A service as a checkbox: its value is "1" when offered, empty when not. */
function ServiceCheck({ field, label, values, problems, onChange }: ServiceCheckProps) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={field}
        checked={values[field] === '1'}
        onChange={(event) => onChange(field, event.target.checked)}
        aria-invalid={problems.fields[field] ? true : undefined}
      />
      {label}
    </label>
  );
}

import { graceEndDay, type SecuritySettings } from '@comanda/shared';
import { useId } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { useBranchChoices } from '@/lib/admin/branch-choices';
import { FormAlert } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { noProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/second-factor';
import styles from './second-factor.module.css';

/** The back office's Seguridad: who must have the second factor (each change in the Historial). */
export function SecuritySettingsSection() {
  const settings = useSecuritySettings();
  return (
    <AdminSection
      title="Seguridad"
      description="Quién debe usar la verificación en dos pasos para ingresar al panel."
    >
      {settings.isPending ? (
        <p className={styles.muted}>Cargando…</p>
      ) : settings.isError ? (
        <ErrorState
          message="No pudimos cargar la configuración."
          detail={settings.error.message}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </AdminSection>
  );
}

const FIELDS = [
  'second_factor_admins',
  'second_factor_staff',
  'second_factor_staff_branch_ids',
] as const;
type Field = (typeof FIELDS)[number];

/** A setting as the form keeps it: '1' on, '' off. */
const asValue = (on: boolean) => (on ? '1' : '');

/** The rollout's branches travel as `"3,7"` inside the form. */
const idsOf = (value: string) => (value === '' ? [] : value.split(',').map(Number));

function SettingsForm({ saved }: { saved: SecuritySettings }) {
  const update = useUpdateSecuritySettings();
  const { values, setValue, problems, onSubmit, formRef } = useForm<Field, SecuritySettings>({
    fields: FIELDS,
    initial: {
      second_factor_admins: asValue(saved.second_factor_admins),
      second_factor_staff: asValue(saved.second_factor_staff),
      second_factor_staff_branch_ids: saved.second_factor_staff_branch_ids.join(','),
    },
    // Switches and a list of branches offered by the server: nothing to check before it does.
    check: () => noProblems(),
    send: (values) =>
      update
        .mutateAsync({
          second_factor_admins: values.second_factor_admins !== '',
          second_factor_staff: values.second_factor_staff !== '',
          second_factor_staff_branch_ids: idsOf(values.second_factor_staff_branch_ids),
        })
        // Said as one sentence above the button, as before: these fields show no messages.
        .catch((failure: Error) => {
          throw new ApiError(failure instanceof ApiError ? failure.status : 0, failure.message);
        }),
    // The saved settings come back as the section's data, which renders this form anew.
    onSent: () => undefined,
  });
  const box = (key: 'second_factor_admins' | 'second_factor_staff', label: string) => (
    <label className={styles.checkbox}>
      <input
        type="checkbox"
        name={key}
        checked={values[key] !== ''}
        onChange={(event) => setValue(key, asValue(event.target.checked))}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <form
      ref={formRef}
      className={`${styles.panel} ${styles.stack}`}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      {box('second_factor_admins', 'La administración debe usarla')}
      {box('second_factor_staff', 'El personal de sede debe usarla')}
      {values.second_factor_staff !== '' ? (
        <RolloutPicker
          value={values.second_factor_staff_branch_ids}
          onChange={(ids) => setValue('second_factor_staff_branch_ids', ids)}
        />
      ) : null}
      <p className={styles.muted}>
        Quien deba usarla y no la tenga activa la activará al ingresar. Los paneles del personal que
        ya están abiertos siguen funcionando unos días, avisando hasta cuándo: nadie queda bloqueado
        en medio del servicio.
      </p>
      {saved.second_factor_staff_grace_until ? (
        <p className={styles.state} role="status">
          Los paneles que ya estaban abiertos deben activarla antes del{' '}
          {graceEndDay(saved.second_factor_staff_grace_until)}.
        </p>
      ) : null}
      <FormAlert message={problems.form} />
      <div className={styles.row}>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Guardando…' : 'Guardar'}
        </Button>
        {update.isSuccess && !update.isPending ? (
          <span role="status" className={styles.muted}>
            Guardado
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** Which branches' staff are asked first: none marked, every branch. */
function RolloutPicker({ value, onChange }: { value: string; onChange: (ids: string) => void }) {
  const branches = useBranchChoices();
  const hint = useId();
  const chosen = new Set(idsOf(value));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b).join(','));
  };
  return (
    <fieldset className={styles.rollout} aria-describedby={hint}>
      <legend className={styles.state}>En qué sedes</legend>
      <p id={hint} className={styles.muted}>
        Sin ninguna marcada, en todas. Marca algunas para empezar por ellas.
      </p>
      {branches.isPending ? (
        <p role="status">Cargando las sedes…</p>
      ) : branches.isError ? (
        <p role="alert">No pudimos cargar las sedes: {branches.error.message}</p>
      ) : (
        branches.data.map((branch) => (
          <label key={branch.id} className={styles.checkbox}>
            <input
              type="checkbox"
              name="second_factor_staff_branch_ids"
              checked={chosen.has(branch.id)}
              onChange={(event) => toggle(branch.id, event.target.checked)}
            />
            <span>{branch.title}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}

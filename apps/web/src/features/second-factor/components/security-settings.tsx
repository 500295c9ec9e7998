import type { SecuritySettings } from '@comanda/shared';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
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

const FIELDS = ['second_factor_admins', 'second_factor_staff'] as const;
type Field = (typeof FIELDS)[number];

/** A setting as the form keeps it: '1' on, '' off. */
const asValue = (on: boolean) => (on ? '1' : '');

function SettingsForm({ saved }: { saved: SecuritySettings }) {
  const update = useUpdateSecuritySettings();
  const { values, setValue, problems, onSubmit, formRef } = useForm<Field, SecuritySettings>({
    fields: FIELDS,
    initial: {
      second_factor_admins: asValue(saved.second_factor_admins),
      second_factor_staff: asValue(saved.second_factor_staff),
    },
    // Two switches: nothing to check before the server does.
    check: () => noProblems(),
    send: (values) =>
      update
        .mutateAsync({
          second_factor_admins: values.second_factor_admins !== '',
          second_factor_staff: values.second_factor_staff !== '',
        })
        // Said as one sentence above the button, as before: these fields show no messages.
        .catch((failure: Error) => {
          throw new ApiError(failure instanceof ApiError ? failure.status : 0, failure.message);
        }),
    // The saved settings come back as the section's data, which renders this form anew.
    onSent: () => undefined,
  });
  const box = (key: Field, label: string) => (
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
      <p className={styles.muted}>
        Quien deba usarla y no la tenga activa la activará al ingresar; hasta entonces el panel no
        le deja hacer nada más.
      </p>
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

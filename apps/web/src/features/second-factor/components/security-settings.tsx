import type { SecuritySettings } from '@comanda/shared';
import { useState, type FormEvent } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-field';
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

function SettingsForm({ saved }: { saved: SecuritySettings }) {
  const update = useUpdateSecuritySettings();
  const [values, setValues] = useState(saved);
  const [message, setMessage] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    update.mutate(values, {
      onSuccess: () => setMessage(null),
      onError: (failure) => setMessage(failure.message),
    });
  };
  const box = (key: keyof SecuritySettings, label: string) => (
    <label className={styles.checkbox}>
      <input
        type="checkbox"
        name={key}
        checked={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <form className={`${styles.panel} ${styles.stack}`} onSubmit={onSubmit} noValidate>
      {box('second_factor_admins', 'La administración debe usarla')}
      {box('second_factor_staff', 'El personal de sede debe usarla')}
      <p className={styles.muted}>
        Quien deba usarla y no la tenga activa la activará al ingresar; hasta entonces el panel no
        le deja hacer nada más.
      </p>
      <FormAlert message={message} />
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

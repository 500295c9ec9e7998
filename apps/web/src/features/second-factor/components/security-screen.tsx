import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/form-field';
import { noProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useDisableSecondFactor, useSecondFactorStatus } from '../api/second-factor';
import { CODE_FIELDS, codeRefusal } from '../lib/code-refusal';
import { EnrolSecondFactor } from './enrol-second-factor';
import styles from './second-factor.module.css';

/** /panel/seguridad: the account's second factor, on or off, and how to change it. */
export function SecurityScreen() {
  const status = useSecondFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  return (
    <div className={styles.screen}>
      <title>Seguridad · Panel</title>
      <h1 className={styles.heading}>Seguridad</h1>
      <section className={styles.panel} aria-labelledby="second-factor-title">
        <h2 id="second-factor-title" className={styles.subheading}>
          Verificación en dos pasos
        </h2>
        <p className={styles.muted}>
          Al ingresar al panel, además de la contraseña te pediremos un código de una app de
          autenticación de tu teléfono.
        </p>
        {status.isPending ? (
          <p className={styles.muted}>Cargando…</p>
        ) : status.isError ? (
          <ErrorState
            message="No pudimos ver tu verificación en dos pasos."
            detail={status.error.message}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : status.data.enabled && !enrolling ? (
          <Enabled required={status.data.required} recoveryLeft={status.data.recovery_codes_left} />
        ) : (
          <>
            {/* Not once the enrolment confirmed it: its recovery codes are still on screen. */}
            {status.data.enabled ? null : (
              <p className={styles.state}>
                {status.data.required
                  ? 'Tu cuenta debe tenerla: actívala ahora.'
                  : 'Desactivada. Es opcional para tu cuenta, y recomendada.'}
              </p>
            )}
            {enrolling || status.data.required ? (
              <EnrolSecondFactor onDone={() => setEnrolling(false)} />
            ) : (
              <Button onClick={() => setEnrolling(true)}>Activar verificación en dos pasos</Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function Enabled({ required, recoveryLeft }: { required: boolean; recoveryLeft: number }) {
  return (
    <div className={styles.stack}>
      <p className={styles.state}>Activa.</p>
      <p>
        {recoveryLeft === 1
          ? 'Te queda 1 código de recuperación.'
          : `Te quedan ${recoveryLeft} códigos de recuperación.`}
      </p>
      {required ? (
        <p className={styles.muted}>La cadena pide la verificación en dos pasos a tu cuenta.</p>
      ) : (
        <DisableForm />
      )}
    </div>
  );
}

/** A code (the app's or a recovery one) turns the factor off; the screen then says it is off. */
function DisableForm() {
  const disable = useDisableSecondFactor();
  const { sending, onSubmit, formRef, bind } = useForm<'code', unknown>({
    fields: CODE_FIELDS,
    initial: { code: '' },
    // The server checks the code; there is nothing to check before.
    check: () => noProblems(),
    send: ({ code }) =>
      disable.mutateAsync(code).catch(codeRefusal('No pudimos quitarla. Intenta de nuevo.')),
    // The status read again says it is off, and this form goes.
    onSent: () => undefined,
    guard: false,
  });
  return (
    <form
      ref={formRef}
      className={styles.stack}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <TextField
        {...bind('code')}
        label="Código para quitarla"
        hint="Un código de la app o uno de recuperación."
        autoComplete="one-time-code"
        maxLength={24}
      />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" disabled={sending}>
          Quitar la verificación en dos pasos
        </Button>
      </div>
    </form>
  );
}

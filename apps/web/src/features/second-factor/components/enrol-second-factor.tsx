import type { SecondFactorSetup } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { noProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useConfirmSecondFactor, useSetupSecondFactor } from '../api/second-factor';
import { CODE_FIELDS, codeRefusal } from '../lib/code-refusal';
import { QrCode } from './qr-code';
import styles from './second-factor.module.css';

/** "JBSW Y3DP …": the key in groups of four, easier to copy by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning the second factor on: a new secret to scan (or type), a code from the app that proves
 * it was saved, then the recovery codes, shown this once. `onDone` runs when they were saved.
 */
export function EnrolSecondFactor({ onDone }: { onDone: () => void }) {
  const [secret, setSecret] = useState<SecondFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  if (recovery) return <RecoveryCodes codes={recovery} onDone={onDone} />;
  if (!secret) return <EnrolSteps onSecret={setSecret} />;
  return <ConfirmCode secret={secret} onConfirmed={setRecovery} />;
}

/** What to do, then a new secret on request. */
function EnrolSteps({ onSecret }: { onSecret: (secret: SecondFactorSetup) => void }) {
  const setup = useSetupSecondFactor();
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setError(null);
    setup.mutate(undefined, {
      onSuccess: onSecret,
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <div className={styles.stack}>
      <ol className={styles.steps}>
        <li>
          Instala una app de autenticación en tu teléfono (Google Authenticator, Microsoft
          Authenticator, 1Password…).
        </li>
        <li>Escanea el código QR que vas a generar, o escribe la clave a mano.</li>
        <li>Escribe el código de 6 dígitos que muestra la app.</li>
      </ol>
      <FormAlert message={error} />
      <Button onClick={start} disabled={setup.isPending}>
        {setup.isPending ? 'Generando…' : 'Generar código QR'}
      </Button>
    </div>
  );
}

/** The secret to scan or type, and the app's code that proves it was saved. */
function ConfirmCode({
  secret,
  onConfirmed,
}: {
  secret: SecondFactorSetup;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const confirm = useConfirmSecondFactor();
  const { sending, onSubmit, formRef, bind } = useForm<'code', { recovery_codes: string[] }>({
    fields: CODE_FIELDS,
    initial: { code: '' },
    // The server checks the code; there is nothing to check before.
    check: () => noProblems(),
    send: ({ code }) =>
      confirm.mutateAsync(code).catch(codeRefusal('No pudimos activarla. Intenta de nuevo.')),
    onSent: (answer) => onConfirmed(answer.recovery_codes),
    guard: false,
  });
  return (
    <form
      ref={formRef}
      className={styles.stack}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <div className={styles.scan}>
        <figure className={styles.qr} data-otpauth-uri={secret.otpauth_uri}>
          <QrCode value={secret.otpauth_uri} label="Código QR para tu app de autenticación" />
        </figure>
        <div className={styles.manual}>
          <p className={styles.muted}>¿No puedes escanearlo? Escribe esta clave en la app:</p>
          <p className={styles.secret} data-testid="totp-secret">
            {grouped(secret.secret)}
          </p>
        </div>
      </div>
      <TextField
        {...bind('code')}
        label="Código de 6 dígitos"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        aria-required="true"
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Activando…' : 'Activar'}
      </Button>
    </form>
  );
}

/** The recovery codes, this once: only their hashes are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(codes.join('\n'))
      .then(() => setCopied(true))
      .catch(() => undefined);
  };
  return (
    <div className={styles.stack} role="status">
      <p className={styles.state}>La verificación en dos pasos está activa.</p>
      <p>
        Guarda estos códigos de recuperación en un lugar seguro. Si pierdes el teléfono, cada uno te
        deja entrar una vez. No los volveremos a mostrar.
      </p>
      <ul
        className={styles.codes}
        aria-label="Códigos de recuperación"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.row}>
        <Button variant="secondary" onClick={copy}>
          {copied ? 'Copiados' : 'Copiar los códigos'}
        </Button>
        <Button onClick={onDone}>Ya los guardé</Button>
      </div>
    </div>
  );
}

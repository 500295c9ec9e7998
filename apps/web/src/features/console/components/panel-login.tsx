import type { AuthResponse, StaffLoginResponse } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { getStaffBranches, staffBranchesQueryKey } from '../api/get-staff-branches';
import { login, loginWithCode } from '../api/login';
import { logout } from '../api/logout';
import { PANEL_MESSAGES } from '../lib/messages';
import { usePanelSession } from '@/stores/panel-session';
import styles from './panel-login.module.css';
import screen from '@/components/ui/panel-screen.module.css';
import { pageTitle } from '@/lib/brand';

const FIELDS = ['email_login', 'password_login'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Staff log in with their email or phone and password; an account with the second factor then
 * gives the code of its app (or a recovery code). The account is kept only if it may run a
 * branch: a customer's token is revoked at once and the form says the account has no access.
 * One the chain asks to enrol the factor is kept: the console shows the enrolment next.
 */
export function PanelLogin() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    email_login: '',
    password_login: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** The password step's token while the code step is shown. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (field: Field | undefined) => {
    const control = field ? formRef.current?.elements.namedItem(field) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  /** A session: kept when it may run a branch, or when it must first enrol the factor. */
  const start = async (auth: AuthResponse, enrol: boolean) => {
    if (!enrol) {
      const branches = await getStaffBranches(undefined, auth.access_token);
      queryClient.setQueryData(staffBranchesQueryKey, branches);
    }
    usePanelSession.getState().login(auth.access_token, {
      id: auth.user.id,
      name: auth.user.name,
      email: auth.user.email,
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    // The server checks the fields with the shared login schema and answers its Spanish messages;
    // checking here too would bring zod into the console's first chunk for two required fields.
    setErrors({});
    setSending(true);
    let answer: StaffLoginResponse | null = null;
    try {
      answer = await login(values);
      if ('mfa_token' in answer) {
        setSending(false);
        setMfaToken(answer.mfa_token);
        return;
      }
      await start(answer, answer.mfa_enrolment_required);
    } catch (error) {
      setSending(false);
      if (!(error instanceof ApiError)) throw error;
      if (answer && 'access_token' in answer && error.status === 403) {
        // A customer (or anyone without a branch): their token is not kept, nor left alive.
        void logout(answer.access_token).catch(() => undefined);
        setFormError(PANEL_MESSAGES.noAccess);
        return;
      }
      const found: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) found[field] = error.errors?.[field]?.[0];
      setErrors(found);
      if (FIELDS.some((field) => found[field])) focus(FIELDS.find((field) => found[field]));
      else setFormError(error.message);
    }
  };

  if (mfaToken) {
    return (
      <CodeStep
        mfaToken={mfaToken}
        onSession={(auth) => start(auth, false)}
        onRestart={(message) => {
          setMfaToken(null);
          setValues((current) => ({ ...current, password_login: '' }));
          setFormError(message);
        }}
      />
    );
  }

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <main className={screen.page}>
      <title>{pageTitle('Panel de sede')}</title>
      <div className={`${screen.card} ${screen.narrow}`}>
        <h1 className={screen.heading}>Panel de sede</h1>
        <p className={screen.lead}>
          Ingresa con tu cuenta de personal para recibir y responder los pedidos de tu sede.
        </p>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={sending || undefined}
        >
          <TextField
            name="email_login"
            label="Email o celular"
            value={values.email_login}
            error={errors.email_login}
            onChange={(event) => set('email_login', event.target.value)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            aria-required="true"
          />
          <TextField
            name="password_login"
            label="Contraseña"
            type="password"
            value={values.password_login}
            error={errors.password_login}
            onChange={(event) => set('password_login', event.target.value)}
            autoComplete="current-password"
            maxLength={200}
            aria-required="true"
          />
          <FormAlert message={formError} />
          <Button type="submit" block disabled={sending} className={screen.big}>
            {sending ? 'Ingresando…' : 'Ingresar'}
          </Button>
        </form>
      </div>
    </main>
  );
}

/**
 * The login's second step: the six digits of the authenticator app, or a recovery code. A lapsed
 * or spent `mfa_token` sends the person back to the password with the server's message.
 */
function CodeStep({
  mfaToken,
  onSession,
  onRestart,
}: {
  mfaToken: string;
  onSession: (auth: AuthResponse) => Promise<void>;
  onRestart: (message: string | null) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setError(null);
    setFormError(null);
    setSending(true);
    try {
      await onSession(await loginWithCode({ mfa_token: mfaToken, code }));
    } catch (failure) {
      setSending(false);
      if (!(failure instanceof ApiError)) throw failure;
      const lapsed = failure.errors?.mfa_token?.[0];
      if (lapsed) return onRestart(lapsed);
      if (failure.status === 403) return onRestart(PANEL_MESSAGES.noAccess);
      const wrong = failure.errors?.code?.[0];
      if (wrong) {
        setError(wrong);
        inputRef.current?.focus();
      } else setFormError(failure.message);
    }
  };

  return (
    <main className={screen.page}>
      <title>{pageTitle('Código de verificación · Panel de sede')}</title>
      <div className={`${screen.card} ${screen.narrow}`}>
        <h1 className={screen.heading}>Verificación en dos pasos</h1>
        <p className={screen.lead}>
          Escribe el código de 6 dígitos que muestra la app de autenticación de tu teléfono.
        </p>
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={sending || undefined}
        >
          <TextField
            ref={inputRef}
            name="code"
            label="Código de verificación"
            hint="¿No tienes el teléfono? Escribe uno de tus códigos de recuperación."
            value={code}
            error={error ?? undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={24}
            aria-required="true"
            autoFocus
          />
          <FormAlert message={formError} />
          <Button type="submit" block disabled={sending} className={screen.big}>
            {sending ? 'Verificando…' : 'Verificar'}
          </Button>
          <Button variant="ghost" block onClick={() => onRestart(null)}>
            Volver
          </Button>
        </form>
      </div>
    </main>
  );
}

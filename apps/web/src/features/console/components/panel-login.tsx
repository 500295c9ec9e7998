import type { AuthResponse, StaffLoginResponse } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { noProblems } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { getStaffBranches, staffBranchesQueryKey } from '../api/get-staff-branches';
import { getStaffMe, staffMeQueryOptions } from '../api/get-staff-me';
import { login, loginWithCode } from '../api/login';
import { logout } from '../api/logout';
import { PANEL_MESSAGES } from '../lib/messages';
import { usePanelSession } from '@/stores/panel-session';
import styles from './panel-login.module.css';
import screen from '@/components/ui/panel-screen.module.css';
import { pageTitle } from '@/lib/brand';

const FIELDS = ['email_login', 'password_login'] as const;
type Field = (typeof FIELDS)[number];
const CODE_FIELDS = ['code'] as const;

/**
 * Staff log in with their email or phone and password; an account with the second factor then
 * gives the code of its app (or a recovery code). The account is kept only if it may run a
 * branch: a customer's token is revoked at once and the form says the account has no access.
 * One the chain asks to enrol the factor is kept: the console shows the enrolment next.
 */
export function PanelLogin() {
  const start = useStartSession();
  /** The password step's token while the code step is shown. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  /** Why the code step sent the person back here, until the next attempt. */
  const [restarted, setRestarted] = useState<string | null>(null);
  const { problems, sending, onSubmit, formRef, bind, setValue } = useForm<
    Field,
    StaffLoginResponse
  >({
    fields: FIELDS,
    initial: { email_login: '', password_login: '' },
    // The server checks the fields with the shared login schema and answers its Spanish messages;
    // checking here too would bring zod into the console's first chunk for two required fields.
    check: () => noProblems(),
    send: async (values) => {
      setRestarted(null);
      const answer = await login(values);
      if ('mfa_token' in answer) return answer;
      await start(answer, answer.mfa_enrolment_required).catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 403) throw error;
        // A customer (or anyone without a branch): their token is not kept, nor left alive.
        void logout(answer.access_token).catch(() => undefined);
        throw new ApiError(403, PANEL_MESSAGES.noAccess);
      });
      return answer;
    },
    onSent: (answer) => {
      if ('mfa_token' in answer) setMfaToken(answer.mfa_token);
    },
    guard: false,
  });

  if (mfaToken) {
    return (
      <CodeStep
        mfaToken={mfaToken}
        onSession={(auth) => start(auth, false)}
        onRestart={(message) => {
          setMfaToken(null);
          setValue('password_login', '');
          setRestarted(message);
        }}
      />
    );
  }

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
          <LoginFields bind={bind} />
          <FormAlert message={problems.form ?? restarted} />
          <Button type="submit" block disabled={sending} className={screen.big}>
            {sending ? 'Ingresando…' : 'Ingresar'}
          </Button>
        </form>
      </div>
    </main>
  );
}

/** A session: kept when it may run a branch, or when it must first enrol the factor. */
function useStartSession() {
  const queryClient = useQueryClient();
  return async (auth: AuthResponse, enrol: boolean) => {
    if (!enrol) {
      // A courier runs no branch: the panel opens their phone's screen instead.
      const me = await getStaffMe(undefined, auth.access_token);
      queryClient.setQueryData(staffMeQueryOptions().queryKey, me);
      if (me.role !== 'courier')
        queryClient.setQueryData(
          staffBranchesQueryKey,
          await getStaffBranches(undefined, auth.access_token),
        );
    }
    usePanelSession.getState().login(auth.access_token, {
      id: auth.user.id,
      name: auth.user.name,
      email: auth.user.email,
    });
  };
}

function LoginFields({ bind }: { bind: (field: Field) => FieldBinding }) {
  return (
    <>
      <TextField
        label="Email o celular"
        {...bind('email_login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        aria-required="true"
      />
      <TextField
        label="Contraseña"
        type="password"
        {...bind('password_login')}
        autoComplete="current-password"
        maxLength={200}
        aria-required="true"
      />
    </>
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
  const { problems, sending, onSubmit, formRef, bind } = useForm<'code', null>({
    fields: CODE_FIELDS,
    initial: { code: '' },
    // The server tells a wrong code: beside the field, which then takes focus.
    check: () => noProblems(),
    send: async ({ code }) => {
      try {
        await onSession(await loginWithCode({ mfa_token: mfaToken, code }));
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        // A lapsed or spent token, or an account with no branch: back to the password.
        const lapsed = failure.errors?.mfa_token?.[0];
        if (lapsed) onRestart(lapsed);
        else if (failure.status === 403) onRestart(PANEL_MESSAGES.noAccess);
        else throw failure;
      }
      return null;
    },
    onSent: () => undefined,
    guard: false,
  });

  return (
    <main className={screen.page}>
      <title>{pageTitle('Código de verificación · Panel de sede')}</title>
      <div className={`${screen.card} ${screen.narrow}`}>
        <h1 className={screen.heading}>Verificación en dos pasos</h1>
        <p className={screen.lead}>
          Escribe el código de 6 dígitos que muestra la app de autenticación de tu teléfono.
        </p>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={sending || undefined}
        >
          <TextField
            label="Código de verificación"
            hint="¿No tienes el teléfono? Escribe uno de tus códigos de recuperación."
            {...bind('code')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={24}
            aria-required="true"
            autoFocus
          />
          <FormAlert message={problems.form} />
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

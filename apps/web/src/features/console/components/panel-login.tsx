import type { AuthResponse } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { getStaffBranches, staffBranchesQueryKey } from '../api/get-staff-branches';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { PANEL_MESSAGES } from '../lib/messages';
import { usePanelSession } from '@/stores/panel-session';
import styles from './panel-login.module.css';
import screen from './panel-screen.module.css';

const FIELDS = ['email_login', 'password_login'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Staff log in with the storefront's own login. The account is kept only if it may run a
 * branch: a customer's token is revoked at once and the form says the account has no access.
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
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (field: Field | undefined) => {
    const control = field ? formRef.current?.elements.namedItem(field) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    // The server checks the fields with the shared login schema and answers its Spanish messages;
    // checking here too would bring zod into the console's first chunk for two required fields.
    setErrors({});
    setSending(true);
    let auth: AuthResponse | null = null;
    try {
      auth = await login(values);
      const branches = await getStaffBranches(undefined, auth.access_token);
      queryClient.setQueryData(staffBranchesQueryKey, branches);
      usePanelSession.getState().login(auth.access_token, {
        id: auth.user.id,
        name: auth.user.name,
        email: auth.user.email,
      });
    } catch (error) {
      setSending(false);
      if (!(error instanceof ApiError)) throw error;
      if (auth && error.status === 403) {
        // A customer (or anyone without a branch): their token is not kept, nor left alive.
        void logout(auth.access_token).catch(() => undefined);
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

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <main className={screen.page}>
      <title>Panel de sede · Comanda</title>
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

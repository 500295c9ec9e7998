import { socialLinksBody, type AdminSocialLinks } from '@comanda/shared';
import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromIssues } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useAdminSocialLinks } from '../api/get-social-links';
import { useSaveSocialLinks } from '../api/save-social-links';
import styles from './content.module.css';

const FIELDS = [
  'instagram_handle',
  'instagram_url',
  'facebook_handle',
  'facebook_url',
  'whatsapp_handle',
  'whatsapp_number',
] as const;
type Field = (typeof FIELDS)[number];
type Shown = { instagram: boolean; facebook: boolean; whatsapp: boolean };

function bodyOf(values: Record<Field, string>, shown: Shown) {
  return {
    instagram: {
      handle: values.instagram_handle,
      url: values.instagram_url,
      active: shown.instagram,
    },
    facebook: { handle: values.facebook_handle, url: values.facebook_url, active: shown.facebook },
    whatsapp: {
      handle: values.whatsapp_handle,
      number: values.whatsapp_number,
      active: shown.whatsapp,
    },
  };
}

function Editor({ links }: { links: AdminSocialLinks }) {
  const save = useSaveSocialLinks();
  const [shown, setShown] = useState<Shown>({
    instagram: links.instagram.active,
    facebook: links.facebook.active,
    whatsapp: links.whatsapp.active,
  });
  const [saved, setSaved] = useState(false);
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, unknown>({
    fields: FIELDS,
    initial: {
      instagram_handle: links.instagram.handle,
      instagram_url: links.instagram.url,
      facebook_handle: links.facebook.handle,
      facebook_url: links.facebook.url,
      whatsapp_handle: links.whatsapp.handle,
      whatsapp_number: links.whatsapp.number,
    },
    check: (values) => {
      const result = socialLinksBody.safeParse(bodyOf(values, shown));
      if (result.success) return { fields: {}, form: null };
      // The schema nests by network ({instagram: {url}}); the form's fields are flat.
      return problemsFromIssues(
        result.error.issues.map((issue) => ({
          ...issue,
          path: [`${String(issue.path[0])}_${String(issue.path[1])}`],
        })),
        FIELDS,
      );
    },
    send: (values) => {
      setSaved(false);
      return save.mutateAsync({ ...bodyOf(values, shown), version: links.version });
    },
    onSent: () => setSaved(true),
  });
  const toggle = (network: keyof Shown, label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={shown[network]}
        onChange={(event) => setShown((s) => ({ ...s, [network]: event.target.checked }))}
      />
      {label}
    </label>
  );

  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <FormAlert message={problems.form} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Instagram</legend>
        <div className={styles.columns}>
          <TextField
            label="Texto que se ve"
            hint="Por ejemplo @labrasadorada"
            autoComplete="off"
            {...bind('instagram_handle')}
          />
          <TextField
            label="Enlace"
            type="url"
            hint="Empieza por https://"
            autoComplete="off"
            {...bind('instagram_url')}
          />
        </div>
        {toggle('instagram', 'Mostrar en Redes sociales')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Facebook</legend>
        <div className={styles.columns}>
          <TextField label="Texto que se ve" autoComplete="off" {...bind('facebook_handle')} />
          <TextField
            label="Enlace"
            type="url"
            hint="Empieza por https://"
            autoComplete="off"
            {...bind('facebook_url')}
          />
        </div>
        {toggle('facebook', 'Mostrar en Redes sociales')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>WhatsApp</legend>
        <div className={styles.columns}>
          <TextField
            label="Texto que se ve"
            hint="Por ejemplo: Chatea con nosotros"
            autoComplete="off"
            {...bind('whatsapp_handle')}
          />
          <TextField
            label="Número de WhatsApp"
            type="tel"
            inputMode="tel"
            hint="Con el indicativo del país: 57 y el celular, por ejemplo 573001234567"
            autoComplete="off"
            {...bind('whatsapp_number')}
          />
        </div>
        {toggle('whatsapp', 'Mostrar en Redes sociales')}
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar redes sociales'}
        </Button>
        {saved ? (
          <p className={styles.saved} role="status">
            Guardado. La página Redes sociales ya lo muestra.
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Contenido → Redes sociales: the accounts and the WhatsApp number of /redes-sociales. */
export function SocialLinksForm() {
  const links = useAdminSocialLinks();
  return (
    <AdminSection
      title="Redes sociales"
      description="Las cuentas y el WhatsApp que ven los clientes en la página Redes sociales."
    >
      {links.isPending ? (
        <p className={styles.state}>Cargando…</p>
      ) : links.isError ? (
        <ErrorState
          message="No pudimos cargar las redes sociales."
          detail={links.error.message}
          onRetry={() => void links.refetch()}
        />
      ) : (
        <Editor links={links.data} />
      )}
    </AdminSection>
  );
}

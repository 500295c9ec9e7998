import { socialLinksBody, type AdminSocialLinks } from '@comanda/shared';
import { useState, type ReactNode } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromIssues } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useAdminSocialLinks } from '../api/get-social-links';
import { useSaveSocialLinks } from '../api/save-social-links';
import { styles } from './content-styles';

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

/** The form on the one form hook; whether each network shows is a checkbox beside it. */
function useSocialLinksForm(links: AdminSocialLinks) {
  const save = useSaveSocialLinks();
  const [shown, setShown] = useState<Shown>({
    instagram: links.instagram.active,
    facebook: links.facebook.active,
    whatsapp: links.whatsapp.active,
  });
  const [saved, setSaved] = useState(false);
  const form = useForm<Field, unknown>({
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
  const show = (network: keyof Shown, on: boolean) => setShown((s) => ({ ...s, [network]: on }));
  return { form, shown, show, saved };
}

function Editor({ links }: { links: AdminSocialLinks }) {
  const { form, shown, show, saved } = useSocialLinksForm(links);
  const { problems, sending, onSubmit, formRef, bind } = form;
  const network = (name: keyof Shown) => ({
    shown: shown[name],
    onShow: (on: boolean) => show(name, on),
  });

  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <FormAlert message={problems.form} />
      <NetworkFieldset legend="Instagram" {...network('instagram')}>
        <TextField
          label="Texto que se ve"
          hint="Por ejemplo @labrasadorada"
          autoComplete="off"
          {...bind('instagram_handle')}
        />
        <LinkField {...bind('instagram_url')} />
      </NetworkFieldset>
      <NetworkFieldset legend="Facebook" {...network('facebook')}>
        <TextField label="Texto que se ve" autoComplete="off" {...bind('facebook_handle')} />
        <LinkField {...bind('facebook_url')} />
      </NetworkFieldset>
      <NetworkFieldset legend="WhatsApp" {...network('whatsapp')}>
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
      </NetworkFieldset>
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

interface NetworkFieldsetProps {
  legend: string;
  shown: boolean;
  onShow: (on: boolean) => void;
  /** The network's two fields, side by side. */
  children: ReactNode;
}

/** One network: its fields, and whether the page shows it. */
function NetworkFieldset({ legend, shown, onShow, children }: NetworkFieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.columns}>{children}</div>
      <label className={styles.check}>
        <input type="checkbox" checked={shown} onChange={(event) => onShow(event.target.checked)} />
        Mostrar en Redes sociales
      </label>
    </fieldset>
  );
}

/** A network's address (Instagram's, Facebook's). */
function LinkField(binding: FieldBinding) {
  return (
    <TextField
      label="Enlace"
      type="url"
      hint="Empieza por https://"
      autoComplete="off"
      {...binding}
    />
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

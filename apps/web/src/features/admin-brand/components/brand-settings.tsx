import { brandSettingsBody, type BrandSettings } from '@comanda/shared';
import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromIssues } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { ApiError } from '@/lib/api-client';
import { useBrandLogo, useBrandSettings, useUpdateBrandSettings } from '../api/brand';
import styles from './brand-settings.module.css';

const FIELDS = ['name', 'short_name', 'color'] as const;
type Field = (typeof FIELDS)[number];

function Editor({ brand }: { brand: BrandSettings }) {
  const update = useUpdateBrandSettings();
  const [saved, setSaved] = useState(false);
  const { problems, sending, onSubmit, formRef, bind, values } = useForm<Field, BrandSettings>({
    fields: FIELDS,
    initial: { name: brand.name, short_name: brand.short_name, color: brand.color },
    check: (values) => {
      const result = brandSettingsBody.safeParse(values);
      return result.success
        ? { fields: {}, form: null }
        : problemsFromIssues(result.error.issues, FIELDS);
    },
    send: (values) => {
      setSaved(false);
      return update.mutateAsync({ ...values, version: brand.version });
    },
    onSent: () => setSaved(true),
  });
  const swatch = /^#[0-9a-f]{6}$/i.test(values.color) ? values.color : 'transparent';
  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <FormAlert message={problems.form} />
      <TextField
        label="Nombre de la marca"
        hint="Lo ven los clientes en la tienda, en cada título y en los correos. Hasta 60 caracteres."
        autoComplete="off"
        maxLength={60}
        {...bind('name')}
      />
      <TextField
        label="Nombre corto"
        hint="Bajo el ícono de la tienda instalada en el teléfono. Hasta 20 caracteres."
        autoComplete="off"
        maxLength={20}
        {...bind('short_name')}
      />
      <div className={styles.colorRow}>
        <TextField
          label="Color"
          hint="En formato #rrggbb, por ejemplo #b3261e: la barra del navegador y los correos."
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          {...bind('color')}
        />
        <span className={styles.swatch} style={{ background: swatch }} aria-hidden="true" />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar marca'}
        </Button>
        {saved ? (
          <p className={styles.saved} role="status">
            Guardado. La tienda lo muestra desde la próxima página que se cargue.
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The chain's logo: every icon is made from it by the server (the tab's, the installed app's and
 * the storefront header's). The preview is the 192 px icon the server made.
 */
function LogoEditor({ brand }: { brand: BrandSettings }) {
  const { upload, remove } = useBrandLogo(brand.version);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewOf = (version: number) => `/icons/icon-192.png?v=${version}`;
  async function putBack() {
    setDone(null);
    setProblem(null);
    try {
      await remove.mutateAsync();
      setDone('Listo: la tienda vuelve al logo con que se instaló.');
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : 'No pudimos quitar el logo.');
    }
  }
  return (
    <div className={styles.form}>
      <ImageField
        label="Logo"
        kind="logo"
        value={previewOf(brand.version)}
        hint="PNG, JPEG o WebP cuadrado (o casi), de al menos 192 × 192 px y hasta 5 MB. De él salen el ícono de la pestaña, los de la app instalada y el logo del encabezado."
        upload={async (file) => {
          setDone(null);
          setProblem(null);
          const saved = await upload.mutateAsync(file);
          setDone('Logo guardado. La tienda lo muestra desde la próxima página que se cargue.');
          return previewOf(saved.version);
        }}
        onChange={() => undefined}
      />
      <FormAlert message={problem} />
      <div className={styles.actions}>
        {brand.logo ? (
          <Button
            type="button"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => void putBack()}
          >
            {remove.isPending ? 'Quitando…' : 'Volver al logo de la instalación'}
          </Button>
        ) : null}
        {done ? (
          <p className={styles.saved} role="status">
            {done}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The back office's Marca: the chain's name, short name and colour (each change in the Historial). */
export function BrandSettingsSection() {
  const brand = useBrandSettings();
  return (
    <AdminSection
      title="Marca"
      description="El nombre, el color y el logo de la cadena en la tienda, en la app instalada y en los correos."
    >
      {brand.isPending ? (
        <p className={styles.muted}>Cargando…</p>
      ) : brand.isError ? (
        <ErrorState
          message="No pudimos cargar la marca."
          detail={brand.error.message}
          onRetry={() => void brand.refetch()}
          retrying={brand.isFetching}
        />
      ) : (
        <>
          <Editor brand={brand.data} />
          <LogoEditor brand={brand.data} />
        </>
      )}
    </AdminSection>
  );
}

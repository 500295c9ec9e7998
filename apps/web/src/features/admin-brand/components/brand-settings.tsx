import { brandSettingsBody, type BrandSettings } from '@comanda/shared';
import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromIssues } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useBrandSettings, useUpdateBrandSettings } from '../api/brand';
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

/** The back office's Marca: the chain's name, short name and colour (each change in the Historial). */
export function BrandSettingsSection() {
  const brand = useBrandSettings();
  return (
    <AdminSection
      title="Marca"
      description="El nombre y el color de la cadena en la tienda, en la app instalada y en los correos."
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
        <Editor brand={brand.data} />
      )}
    </AdminSection>
  );
}

import {
  formatMoney,
  MENU_CSV_MAX_CHARS,
  MENU_CSV_MESSAGES,
  type MenuImport,
} from '@comanda/shared';
import { useRef, useState, type ChangeEvent, type Ref } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useApplyMenuImport, useDownloadMenuCsv, usePreviewMenuImport } from '../api/menu-csv';
import styles from './menu-csv.module.css';
import previewTable from './preview-table.module.css';

/** The import a 409 carries: what the same file would change now, with its new version. */
const currentOf = (error: unknown): MenuImport | null =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'current' in error.body
    ? ((error.body as { current?: MenuImport }).current ?? null)
    : null;

/** A 400's message about the file itself, else the request's. */
const messageOf = (error: Error | null) =>
  error instanceof ApiError ? (error.errors?.csv?.[0] ?? error.message) : (error?.message ?? null);

/** Menú › Hoja de cálculo: the menu downloaded as CSV, edited in Excel, imported back with a preview. */
export function MenuCsvScreen() {
  const download = useDownloadMenuCsv();
  const preview = usePreviewMenuImport();
  const apply = useApplyMenuImport();
  // The file the preview answered: applying sends exactly it.
  const [shown, setShown] = useState<{ csv: string; name: string; result: MenuImport } | null>(
    null,
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const previewRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState('');
  const busy = preview.isPending || apply.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setShown(null);
    setDone('');
    setFileError(null);
    preview.reset();
    apply.reset();
    setChosen(file?.name ?? '');
    if (!file) return;
    // Characters are at most bytes: a file within this many bytes fits the server's limit.
    if (file.size > MENU_CSV_MAX_CHARS * 4) return setFileError(MENU_CSV_MESSAGES.file);
    const csv = await file.text();
    preview.mutate(csv, {
      onSuccess: (result) => {
        setShown({ csv, name: file.name, result });
        requestAnimationFrame(() => previewRef.current?.focus());
      },
    });
  };

  const onApply = () => {
    if (!shown) return;
    apply.mutate(
      { csv: shown.csv, version: shown.result.version },
      {
        onSuccess: (applied) => {
          setShown(null);
          setChosen('');
          if (inputRef.current) inputRef.current.value = '';
          setDone(`Listo: ${applied.summary}. Las tiendas ya muestran los cambios.`);
        },
        onError: (error) => {
          const current = currentOf(error);
          if (current) setShown({ ...shown, result: current });
        },
      },
    );
  };

  const onCancel = () => {
    setShown(null);
    setChosen('');
    apply.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <AdminSection
      title="Menú en hoja de cálculo"
      description="Descarga el menú, cambia precios, nombres y descripciones en Excel y vuelve a subir el archivo. Verás cada cambio antes de aplicarlo."
    >
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="csv-descargar">
          <h2 id="csv-descargar" className={styles.cardTitle}>
            1. Descarga el menú
          </h2>
          <p className={styles.hint}>
            Una fila por producto. Puedes cambiar <strong>titulo</strong>,{' '}
            <strong>descripcion</strong>, <strong>precio</strong>, el precio de cada sede (
            <strong>precio_…</strong>; vacío es el precio del producto) y <strong>visible</strong>{' '}
            (sí o no). No cambies <strong>producto_id</strong>. Los productos nuevos se crean en
            Productos.
          </p>
          <FormAlert message={download.error?.message ?? null} />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => download.mutate()}
              disabled={download.isPending}
            >
              {download.isPending ? 'Descargando…' : 'Descargar menú (CSV)'}
            </Button>
          </div>
        </section>
        <section className={styles.card} aria-labelledby="csv-importar">
          <h2 id="csv-importar" className={styles.cardTitle}>
            2. Importa el archivo editado
          </h2>
          {/* The browser's own file button speaks the browser's language: this one speaks Spanish. */}
          <div className={styles.actions}>
            <label className={styles.fileButton} aria-disabled={busy}>
              <input
                ref={inputRef}
                className={styles.fileInput}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => void onFile(event)}
                disabled={busy}
              />
              <span>Importar CSV</span>
            </label>
          </div>
          <p className={styles.hint}>
            {preview.isPending
              ? `Leyendo ${chosen}…`
              : `${chosen ? `Archivo: ${chosen}. ` : ''}Se muestran los cambios; nada se guarda hasta que pulses «Aplicar cambios».`}
          </p>
          <FormAlert message={fileError ?? messageOf(preview.error)} />
        </section>
      </div>
      <p role="status" className={done ? styles.done : undefined}>
        {done}
      </p>
      {shown ? (
        <ImportPreview
          name={shown.name}
          result={shown.result}
          headingRef={previewRef}
          applying={apply.isPending}
          error={messageOf(apply.error)}
          onApply={onApply}
          onCancel={onCancel}
        />
      ) : null}
    </AdminSection>
  );
}

/** A cell as the preview shows it: prices in pesos, an empty branch price as what it means. */
function shownValue(field: string, value: string) {
  if (!field.startsWith('precio')) return value;
  if (value === '') return 'Precio del producto';
  return formatMoney(Number(value));
}

/** Every cell the file changes, before → after, and its row errors; then apply, all or nothing. */
function ImportPreview({
  name,
  result,
  headingRef,
  applying,
  error,
  onApply,
  onCancel,
}: {
  name: string;
  result: MenuImport;
  headingRef: Ref<HTMLHeadingElement>;
  applying: boolean;
  error: string | null;
  onApply: () => void;
  onCancel: () => void;
}) {
  const products = new Set(result.changes.map((c) => c.product_id)).size;
  const count = result.changes.length;
  const blocked = result.errors.length > 0 || count === 0;
  return (
    <section className={styles.preview} aria-labelledby="csv-vista-previa">
      <h2 id="csv-vista-previa" ref={headingRef} tabIndex={-1} className={styles.previewTitle}>
        Cambios por aplicar
      </h2>
      <p className={styles.summary}>
        {name}: {result.rows === 1 ? '1 fila leída' : `${result.rows} filas leídas`}.{' '}
        {count === 0
          ? result.errors.length > 0
            ? ''
            : 'El archivo no cambia nada del menú.'
          : `${count === 1 ? '1 cambio' : `${count} cambios`} en ${products === 1 ? '1 producto' : `${products} productos`}.`}
      </p>
      {result.errors.length > 0 ? (
        <div className={styles.errors}>
          <h3 className={styles.errorsTitle}>
            {result.errors.length === 1
              ? '1 fila con errores'
              : `${result.errors.length} filas con errores`}
          </h3>
          <p>
            Corrígelas en el archivo y vuelve a importarlo: no se aplicará nada mientras haya
            errores.
          </p>
          <ul>
            {result.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {count > 0 ? (
        <div className={previewTable.wrap}>
          <table className={previewTable.table}>
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Campo</th>
                <th scope="col">Antes</th>
                <th scope="col">Después</th>
              </tr>
            </thead>
            <tbody>
              {result.changes.map((change) => (
                <tr key={`${change.product_id}-${change.field}`}>
                  <th scope="row">
                    {change.product_title}
                    <span className={styles.row}>Fila {change.row}</span>
                  </th>
                  <td>{change.label}</td>
                  <td className={styles.old}>{shownValue(change.field, change.before)}</td>
                  <td className={previewTable.new}>{shownValue(change.field, change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <FormAlert message={error} />
      <div className={styles.actions}>
        {blocked ? null : (
          <Button onClick={onApply} disabled={applying}>
            {applying ? 'Aplicando…' : 'Aplicar cambios'}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={applying}>
          {blocked ? 'Cerrar' : 'Cancelar'}
        </Button>
      </div>
    </section>
  );
}

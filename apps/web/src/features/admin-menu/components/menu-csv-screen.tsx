import { formatMoney, type MenuImport } from '@comanda/shared';
import type { Ref } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useDownloadMenuCsv } from '../api/menu-csv';
import { useMenuImport } from '../hooks/use-menu-import';
import { PreviewActions } from './preview-actions';
import styles from './menu-csv.module.css';
import previewTable from './preview-table.module.css';

/** A 400's message about the file itself, else the request's. */
const messageOf = (error: Error | null) =>
  error instanceof ApiError ? (error.errors?.csv?.[0] ?? error.message) : (error?.message ?? null);

/** Menú › Hoja de cálculo: the menu downloaded as CSV, edited in Excel, imported back with a preview. */
export function MenuCsvScreen() {
  const screen = useMenuImport();
  const { shown, previewRef } = screen;
  return (
    <AdminSection
      title="Menú en hoja de cálculo"
      description="Descarga el menú, cambia precios, nombres y descripciones en Excel y vuelve a subir el archivo. Verás cada cambio antes de aplicarlo."
    >
      <div className={styles.cards}>
        <DownloadCard />
        <ImportCard screen={screen} />
      </div>
      <p role="status" className={screen.done ? styles.done : undefined}>
        {screen.done}
      </p>
      {shown ? (
        <ImportPreview
          name={shown.name}
          result={shown.result}
          headingRef={previewRef}
          applying={screen.apply.isPending}
          error={messageOf(screen.apply.error)}
          onApply={screen.onApply}
          onCancel={screen.onCancel}
        />
      ) : null}
    </AdminSection>
  );
}

/** 1. Descarga el menú: what may be changed in the file, and the download. */
function DownloadCard() {
  const download = useDownloadMenuCsv();
  return (
    <section className={styles.card} aria-labelledby="csv-descargar">
      <h2 id="csv-descargar" className={styles.cardTitle}>
        1. Descarga el menú
      </h2>
      <p className={styles.hint}>
        Una fila por producto. Puedes cambiar <strong>titulo</strong>, <strong>descripcion</strong>,{' '}
        <strong>precio</strong>, el precio de cada sede (<strong>precio_…</strong>; vacío es el
        precio del producto) y <strong>visible</strong> (sí o no). No cambies{' '}
        <strong>producto_id</strong>. Los productos nuevos se crean en Productos.
      </p>
      <FormAlert message={download.error?.message ?? null} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Descargando…' : 'Descargar menú (CSV)'}
        </Button>
      </div>
    </section>
  );
}

/** 2. Importa el archivo editado: the file button, what was chosen, and why it was refused. */
function ImportCard({ screen }: { screen: ReturnType<typeof useMenuImport> }) {
  const { preview, chosen, busy, inputRef } = screen;
  return (
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
            onChange={(event) => void screen.onFile(event)}
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
      <FormAlert message={screen.fileError ?? messageOf(preview.error)} />
    </section>
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
  const count = result.changes.length;
  return (
    <section className={styles.preview} aria-labelledby="csv-vista-previa">
      <h2 id="csv-vista-previa" ref={headingRef} tabIndex={-1} className={styles.previewTitle}>
        Cambios por aplicar
      </h2>
      <p className={styles.summary}>
        {name}: {result.rows === 1 ? '1 fila leída' : `${result.rows} filas leídas`}.{' '}
        {summaryOf(result)}
      </p>
      {result.errors.length > 0 ? <RowErrors errors={result.errors} /> : null}
      {count > 0 ? <CellChanges changes={result.changes} /> : null}
      <PreviewActions
        className={styles.actions}
        applying={applying}
        error={error}
        blocked={result.errors.length > 0 || count === 0}
        onApply={onApply}
        onCancel={onCancel}
      />
    </section>
  );
}

/** "3 cambios en 2 productos", that the file changes nothing, or nothing when it has errors. */
function summaryOf(result: MenuImport): string {
  const count = result.changes.length;
  if (count === 0) return result.errors.length > 0 ? '' : 'El archivo no cambia nada del menú.';
  const products = new Set(result.changes.map((c) => c.product_id)).size;
  return `${count === 1 ? '1 cambio' : `${count} cambios`} en ${products === 1 ? '1 producto' : `${products} productos`}.`;
}

/** The file's rows that cannot be read: nothing is applied while there is one. */
function RowErrors({ errors }: { errors: readonly string[] }) {
  return (
    <div className={styles.errors}>
      <h3 className={styles.errorsTitle}>
        {errors.length === 1 ? '1 fila con errores' : `${errors.length} filas con errores`}
      </h3>
      <p>
        Corrígelas en el archivo y vuelve a importarlo: no se aplicará nada mientras haya errores.
      </p>
      <ul>
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Each cell the file changes: its product and row, its column, before and after. */
function CellChanges({ changes }: { changes: MenuImport['changes'] }) {
  return (
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
          {changes.map((change) => (
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
  );
}

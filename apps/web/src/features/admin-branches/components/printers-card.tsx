import type { Printer } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useBranchPrinters } from '../api/get-branch-printers';
import { useDeletePrinter } from '../api/delete-printer';
import { EVENT_LABELS } from '../lib/printer-values';
import { PrinterForm } from './printer-form';
import styles from './branches.module.css';

/** "192.168.1.50:9100 · 80 mm · cp858 · ticket · Al aceptar, Reimprimir": a printer in one line. */
const printerLine = (printer: Printer) =>
  [
    `${printer.host}:${printer.port}`,
    `${printer.width_mm} mm`,
    printer.code_page,
    printer.prints.join(', '),
    printer.when.map((event) => EVENT_LABELS[event]).join(', ') || 'Solo a mano',
  ].join(' · ');

/**
 * Impresoras (decision 071): the branch's thermal printers on its network, which the server
 * prints the orders on by itself (ESC/POS over TCP). Listed, added, edited and removed here.
 */
export function PrintersCard({ branchId }: { branchId: number }) {
  const printers = useBranchPrinters(branchId);
  const remove = useDeletePrinter(branchId);
  // The printer being edited, `new` for one being added, null for none.
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const list = printers.data ?? [];
  return (
    <section className={styles.form} aria-labelledby="printers-heading">
      <h2 id="printers-heading" className={styles.sectionTitle}>
        Impresoras
      </h2>
      <p className={styles.help}>
        Impresoras térmicas de la sede (Epson TM-T20, TM-T88 o compatibles) en su red: el servidor
        les envía la comanda por sí mismo. Si una se apaga, lo pendiente sale en orden cuando
        vuelve.
      </p>
      {printers.isError ? <FormAlert message={printers.error.message} /> : null}
      {printers.isSuccess && list.length === 0 ? (
        <p className={styles.help}>La sede aún no tiene impresoras.</p>
      ) : null}
      <ul className={styles.printers}>
        {list.map((printer) =>
          open === printer.id ? (
            <li key={printer.id}>
              <PrinterForm branchId={branchId} printer={printer} onDone={() => setOpen(null)} />
            </li>
          ) : (
            <PrinterRow
              key={printer.id}
              printer={printer}
              onEdit={() => setOpen(printer.id)}
              onRemove={() => remove.mutate(printer)}
              removing={remove.isPending}
            />
          ),
        )}
      </ul>
      <FormAlert message={remove.error?.message ?? null} />
      {open === 'new' ? (
        <PrinterForm branchId={branchId} printer={null} onDone={() => setOpen(null)} />
      ) : (
        <div className={styles.formActions}>
          <Button type="button" onClick={() => setOpen('new')}>
            Agregar impresora
          </Button>
        </div>
      )}
    </section>
  );
}

/** One printer in one line, with Editar and Quitar. */
function PrinterRow({
  printer,
  onEdit,
  onRemove,
  removing,
}: {
  printer: Printer;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <li className={styles.printer}>
      <span>
        <strong>{printer.name}</strong> <span className={styles.help}>{printerLine(printer)}</span>
      </span>
      <span className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onEdit}>
          Editar
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={removing}
          onClick={onRemove}
          aria-label={`Quitar ${printer.name}`}
        >
          Quitar
        </Button>
      </span>
    </li>
  );
}

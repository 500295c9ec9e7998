import type { StaffPrinter } from '@comanda/shared';
import { useId } from 'react';
import { useStaffPrinters } from '../api/get-staff-printers';
import styles from './printer-status.module.css';

/** "Impresora Parrilla sin conexión · 2 pendientes": one line a cook reads across the counter. */
export function printerProblemText(printer: StaffPrinter): string {
  const pending =
    printer.pending === 0
      ? ''
      : ` · ${printer.pending} ${printer.pending === 1 ? 'pendiente' : 'pendientes'}`;
  return `Impresora ${printer.name} ${printer.state}${pending}`;
}

/**
 * The branch's printers that are not printing (decision 071), one line each, read every 10 s:
 * what waits for them prints by itself, in order, once they are back. Nothing when the branch
 * has no printers; a quiet line when all of them print.
 */
export function PrinterStatus({ branchId }: { branchId: number }) {
  const printers = useStaffPrinters(branchId);
  const headingId = useId();
  const all = printers.data ?? [];
  if (all.length === 0) return null;
  const problems = all.filter((printer) => printer.state !== 'ok');
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Impresoras
      </h2>
      <div role="status">
        {problems.length === 0 ? (
          <p className={styles.ok}>
            {all.length === 1 ? 'La impresora imprime.' : `Las ${all.length} impresoras imprimen.`}
          </p>
        ) : (
          <ul className={styles.list}>
            {problems.map((printer) => (
              <li key={printer.id} className={styles.problem}>
                {printerProblemText(printer)}
                {printer.last_error ? (
                  <span className={styles.detail}>
                    Revisa que esté encendida y conectada a la red ({printer.last_error}).
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

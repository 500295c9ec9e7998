import { useDownloadDayCsv } from '../api/download-day-csv';
import styles from './day-actions.module.css';

/**
 * Día's two buttons: the day as a spreadsheet, and its closing report printed (once the summary
 * it prints is in). A download that fails says so under them.
 */
export function DayActions({
  branchId,
  date,
  canPrint,
}: {
  branchId: number;
  date: string;
  canPrint: boolean;
}) {
  const download = useDownloadDayCsv();
  return (
    <>
      <div className={styles.dayActions}>
        <button
          type="button"
          className={styles.dayButton}
          disabled={download.isPending}
          onClick={() => download.mutate({ branchId, date })}
        >
          {download.isPending ? 'Descargando…' : 'Descargar CSV'}
        </button>
        <button
          type="button"
          className={styles.dayButton}
          disabled={!canPrint}
          onClick={() => window.print()}
        >
          Imprimir cierre
        </button>
      </div>
      {download.isError ? (
        <p role="alert" className={styles.dayError}>
          No pudimos descargar el día. {download.error.message}
        </p>
      ) : null}
    </>
  );
}

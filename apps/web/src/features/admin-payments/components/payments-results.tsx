import type { AdminPayment, AdminPaymentsQuery } from '@comanda/shared';
import { CsvDownload } from '@/components/admin/csv-download';
import listStyles from '@/components/admin/list-filters.module.css';
import { ErrorState } from '@/components/ui/error-state';
import records from '@/components/admin/record-list.module.css';
import { useDownloadPaymentsCsv } from '../api/download-payments-csv';
import { PAYMENTS_LIMIT, usePayments } from '../api/get-payments';
import { followUpCount } from '../lib/payment-totals';
import { PaymentTable } from './payment-table';
import { PaymentTotalsView } from './payment-totals';
import styles from './payments.module.css';

/** "1 intento de pago", "12 intentos de pago", or why older ones may be missing. */
function countText(n: number): string {
  if (n === 0) return 'Ningún pago en línea con estos filtros.';
  if (n >= PAYMENTS_LIMIT)
    return `Los ${n} intentos más recientes (el CSV trae los mismos): acorta las fechas para ver los anteriores.`;
  return `${n} ${n === 1 ? 'intento' : 'intentos'} de pago`;
}

function Download({ query }: { query: AdminPaymentsQuery }) {
  const download = useDownloadPaymentsCsv();
  return (
    <CsvDownload
      onDownload={() => download.mutate(query)}
      pending={download.isPending}
      error={download.error}
    />
  );
}

/** The list for the filters: its count and CSV, then the attempts, or a hint when none. */
export function PaymentsResults({ query }: { query: AdminPaymentsQuery }) {
  const list = usePayments(query);
  if (list.isPending)
    return (
      <p className={records.state} role="status">
        Cargando los pagos…
      </p>
    );
  if (list.isError)
    return (
      <ErrorState
        message="No pudimos cargar los pagos."
        detail={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  const payments = list.data;
  return (
    <>
      <div className={listStyles.bar}>
        <p className={listStyles.count} role="status">
          {countText(payments.length)}
        </p>
        {/* An empty file would be no use: the button goes with the rows. */}
        {payments.length > 0 ? <Download query={query} /> : null}
      </div>
      {payments.length === 0 ? (
        <p className={styles.hint}>Prueba con otras fechas, otra sede u otro estado.</p>
      ) : (
        <Listed payments={payments} stale={list.isPlaceholderData} />
      )}
    </>
  );
}

/** What needs chasing first, then the totals, then every attempt. */
function Listed({ payments, stale }: { payments: AdminPayment[]; stale: boolean }) {
  const chase = followUpCount(payments);
  return (
    <>
      {chase > 0 ? (
        <p className={styles.followUpNotice} role="note">
          {chase === 1
            ? '1 reembolso necesita seguimiento en el panel de la pasarela: está marcado abajo.'
            : `${chase} reembolsos necesitan seguimiento en el panel de la pasarela: están marcados abajo.`}
        </p>
      ) : null}
      <PaymentTotalsView payments={payments} />
      <PaymentTable payments={payments} stale={stale} />
    </>
  );
}

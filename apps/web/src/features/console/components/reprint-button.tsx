import { useReprintOrder } from '../api/reprint-order';
import styles from './printer-status.module.css';

/**
 * Reimprimir (decision 071): the order's ticket again on the branch's printers, through the
 * server's queue. The browser's Imprimir stays as the fallback for a branch without printers.
 */
export function ReprintButton({ orderId, branchId }: { orderId: number; branchId: number }) {
  const reprint = useReprintOrder(branchId);
  const status = reprint.isError
    ? reprint.error.message
    : reprint.isSuccess
      ? `Enviado a ${reprint.data === 1 ? '1 impresora' : `${reprint.data} impresoras`}.`
      : '';
  return (
    <span className={styles.reprint}>
      <button
        type="button"
        className={styles.reprintButton}
        disabled={reprint.isPending}
        onClick={() => reprint.mutate(orderId)}
        aria-label={`Reimprimir el pedido ${orderId}`}
      >
        Reimprimir
      </button>
      <span className={styles.reprintStatus} role="status">
        {status}
      </span>
    </span>
  );
}

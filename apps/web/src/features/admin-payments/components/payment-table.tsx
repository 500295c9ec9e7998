import {
  formatMoney,
  PAYMENT_ATTEMPT_TEXT,
  PAYMENT_STATUS_TEXT,
  type AdminPayment,
} from '@comanda/shared';
import records from '@/components/admin/record-list.module.css';
import { ATTEMPT_TONES, methodText } from '../lib/payment-words';
import { Copyable, Moment } from './payment-bits';
import { RefundList } from './refund-list';
import styles from './payments.module.css';

const COLUMNS = ['Fecha', 'Pedido', 'Sede', 'Valor', 'Estado', 'Medio de pago', 'Referencias'];

interface PaymentTableProps {
  payments: readonly AdminPayment[];
  /** The previous filters' list, shown while the new one loads. */
  stale: boolean;
}

/**
 * One row per attempt, its refunds in a row of their own right under it (each attempt is a
 * `<tbody>`, so the two read as one). On a phone each attempt is a card (payments.module.css).
 */
export function PaymentTable({ payments, stale }: PaymentTableProps) {
  return (
    <div className={styles.tableWrap} aria-busy={stale || undefined}>
      <table className={styles.table}>
        <caption className="visually-hidden">Pagos en línea y sus reembolsos</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" data-column={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {payments.map((payment) => (
          <PaymentRows key={payment.id} payment={payment} />
        ))}
      </table>
    </div>
  );
}

function PaymentRows({ payment }: { payment: AdminPayment }) {
  const method = methodText(payment.method);
  return (
    <tbody className={styles.payment} data-payment-id={payment.id}>
      <tr>
        <td data-label="Fecha">
          <Moment iso={payment.created_at} />
        </td>
        <td data-label="Pedido" className={styles.order}>
          Pedido #{payment.order_id}
        </td>
        <td data-label="Sede">{payment.branch.title}</td>
        <td
          data-label="Valor"
          className={styles.amount}
          data-counted={payment.status === 'approved' || undefined}
        >
          {formatMoney(payment.amount)}
          {payment.charged !== null ? (
            <span className={styles.charged}>cobró {formatMoney(payment.charged)}</span>
          ) : null}
        </td>
        <StatusCell payment={payment} />
        <td data-label="Medio de pago">
          {method ?? <span className={styles.missing}>Sin dato</span>}
        </td>
        <ReferencesCell payment={payment} />
      </tr>
      {payment.refunds.length > 0 ? (
        <tr className={styles.refundRow}>
          <td colSpan={COLUMNS.length}>
            <RefundList orderId={payment.order_id} refunds={payment.refunds} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function StatusCell({ payment }: { payment: AdminPayment }) {
  return (
    <td data-label="Estado">
      {/* One box: on a phone the cell is a grid of label and value. */}
      <div>
        <span className={records.badge} data-tone={ATTEMPT_TONES[payment.status]}>
          {PAYMENT_ATTEMPT_TEXT[payment.status]}
        </span>
        {payment.order_payment_status ? (
          <span className={styles.orderState}>
            Pedido: {PAYMENT_STATUS_TEXT[payment.order_payment_status].toLowerCase()}
          </span>
        ) : null}
      </div>
    </td>
  );
}

/** The provider's transaction (once it has one) and the reference we sent, each to copy. */
function ReferencesCell({ payment }: { payment: AdminPayment }) {
  return (
    <td data-label="Referencias">
      <dl className={styles.refs}>
        <dt>Transacción</dt>
        <dd>
          {payment.transaction_id ? (
            <Copyable text={payment.transaction_id} />
          ) : (
            <span className={styles.missing}>Aún no tiene</span>
          )}
        </dd>
        <dt>Referencia</dt>
        <dd>
          <Copyable text={payment.reference} />
        </dd>
      </dl>
    </td>
  );
}

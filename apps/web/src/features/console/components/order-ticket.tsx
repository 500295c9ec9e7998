import { formatMoney, type PlacedOrder } from '@comanda/shared';
import { payWithText } from '@/entities/payment/lib/pay-with';
import { paidOnline } from '../lib/order-money';
import { clockText, destinationText, optionsText, phoneText } from '../lib/order-text';
import { scheduledLabel } from '../lib/scheduled';
import styles from './order-ticket.module.css';

/**
 * The order on 80 mm thermal paper: shown only when printing (Imprimir, or on accept when the
 * branch prints automatically). Black on white, big number, nothing the kitchen does not need.
 */
export function OrderTicket({ order, branchTitle }: { order: PlacedOrder; branchTitle: string }) {
  return (
    <section className={styles.ticket} aria-hidden="true" data-testid="ticket">
      <TicketHead order={order} branchTitle={branchTitle} />
      <hr className={styles.rule} />
      <ul className={styles.lines}>
        {order.detail.map((line, index) => (
          <li key={`${line.product_id}-${index}`}>
            <p className={styles.line}>
              <span>
                {line.quantity} × {line.title}
              </span>
              <span>{formatMoney(line.total)}</span>
            </p>
            {line.options.length > 0 ? <p className={styles.options}>{optionsText(line)}</p> : null}
            {line.note ? <p className={styles.strong}>NOTA: {line.note}</p> : null}
          </li>
        ))}
      </ul>
      {order.observation ? (
        <>
          <hr className={styles.rule} />
          <p className={styles.strong}>RECOMENDACIÓN:</p>
          <p className={styles.observation}>{order.observation}</p>
        </>
      ) : null}
      <hr className={styles.rule} />
      <TicketMoney order={order} />
    </section>
  );
}

/** Whose order, for when, and where it goes: what the kitchen and the courier read first. */
function TicketHead({ order, branchTitle }: { order: PlacedOrder; branchTitle: string }) {
  const delivery = order.type_delivery === 2;
  return (
    <>
      <p className={styles.branch}>{branchTitle}</p>
      <p className={styles.number}>#{order.id}</p>
      <p className={styles.type}>{delivery ? 'DOMICILIO' : 'RECOGER'}</p>
      {order.scheduled_for ? <p className={styles.type}>{scheduledLabel(order)}</p> : null}
      <p>
        {clockText(order.placed_at)}
        {order.promised_at
          ? ` · ${delivery ? 'Llega' : 'Listo'} ${clockText(order.promised_at)}`
          : ''}
      </p>
      <p className={styles.strong}>
        {order.customer.name} · {phoneText(order.customer.phone)}
      </p>
      {delivery ? <p className={styles.strong}>{destinationText(order)}</p> : null}
      {delivery && order.address_notes ? (
        <p className={styles.strong}>INDICACIONES: {order.address_notes}</p>
      ) : null}
    </>
  );
}

/** The fee, the discount, the total and how it is paid: whether the courier collects, and what. */
function TicketMoney({ order }: { order: PlacedOrder }) {
  return (
    <>
      {order.delivery_fee > 0 ? (
        <p className={styles.line}>
          <span>DOMICILIO</span>
          <span>{formatMoney(order.delivery_fee)}</span>
        </p>
      ) : null}
      {order.discount > 0 ? (
        <p className={styles.line}>
          <span>DESCUENTO</span>
          <span>−{formatMoney(order.discount)}</span>
        </p>
      ) : null}
      <p className={styles.line}>
        <span>{order.payment}</span>
        <span className={styles.total}>{formatMoney(order.total)}</span>
      </p>
      {order.tip > 0 ? (
        <>
          <p className={styles.line}>
            <span>PROPINA DOMICILIARIO</span>
            <span>{formatMoney(order.tip)}</span>
          </p>
          <p className={styles.line}>
            <span>A PAGAR</span>
            <span className={styles.total}>{formatMoney(order.total + order.tip)}</span>
          </p>
        </>
      ) : null}
      {paidOnline(order) ? <p className={styles.strong}>PAGADO EN LÍNEA · NO COBRAR</p> : null}
      {order.pay_with ? (
        <p className={styles.strong}>
          {payWithText(order.pay_with, order.total + order.tip).toUpperCase()}
        </p>
      ) : null}
    </>
  );
}

import {
  COOKING_STATUSES,
  formatMoney,
  ORDER_CHANNEL_TEXT,
  statusIn,
  type PlacedOrder,
} from '@comanda/shared';
import { payWithText } from '@/entities/payment/lib/pay-with';
import { useId } from 'react';
import { elapsedText, lateness, minutesSince } from '../lib/board';
import { orderActions, type OrderAction } from '../lib/order-actions';
import { paidOnline, refundableLeft } from '../lib/order-money';
import { clockText, destinationText, optionsText, phoneText } from '../lib/order-text';
import { scheduledLabel } from '../lib/scheduled';
import type { BoardSelection } from '../hooks/use-board-selection';
import { CardCourier, DeliveryFailedNote, type CardDispatch } from './card-courier';
import { SelectBox } from './select-bar';
import styles from './order-card.module.css';

interface OrderCardProps {
  order: PlacedOrder;
  now: Date;
  /** A change of this order is on its way to the server. */
  busy: boolean;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  onPrint: (order: PlacedOrder) => void;
  /** Gives money back of an order paid online (decision 061). */
  onRefund?: ((order: PlacedOrder) => void) | undefined;
  /** A change taken without a connection, waiting to be sent: said on the card. */
  pending?: string | undefined;
  /** In the compact view: back to one line. */
  onCollapse?: ((order: PlacedOrder) => void) | undefined;
  /** A delivery order's courier: who has it, and `Asignar domiciliario` or `Cambiar`. */
  dispatch?: CardDispatch | undefined;
  /** Seleccionar varios is on: the card can be chosen (a new order). */
  selection?: BoardSelection | undefined;
}

const LATE_TEXT = {
  unanswered: 'Demorado · sin respuesta',
  past_promise: 'Demorado · pasó la hora',
} as const;

/** Everything the kitchen needs about one order, and the next thing to do with it. */
export function OrderCard(props: OrderCardProps) {
  const { order, now, busy, pending } = props;
  const titleId = useId();
  const late = lateness(order, now);
  const delivery = order.type_delivery === 2;
  return (
    <article
      className={`${styles.card} ${late ? styles.late : ''} ${order.status === 'received' ? styles.fresh : ''}`}
      aria-labelledby={titleId}
      data-order-id={order.id}
      aria-busy={busy || undefined}
    >
      <CardHead {...props} titleId={titleId} late={late} />
      {order.scheduled_for ? (
        <p className={styles.scheduled}>{scheduledLabel(order, now)}</p>
      ) : null}
      <DeliveryFailedNote order={order} />
      <CardDestination order={order} />
      <CardLines order={order} />
      <CardMoney order={order} onRefund={props.onRefund} />
      {order.promised_at && statusIn(COOKING_STATUSES, order.status) ? (
        <p className={styles.promise}>
          {delivery ? 'Llega' : 'Listo'} aprox. a las{' '}
          <strong>{clockText(order.promised_at)}</strong>
        </p>
      ) : null}
      <CardCourier order={order} dispatch={props.dispatch} titleId={titleId} />
      {pending ? (
        <p className={styles.pending} role="status">
          {pending}
        </p>
      ) : (
        <CardActions
          order={order}
          busy={busy}
          onAction={props.onAction}
          titleId={titleId}
          inTrip={Boolean(props.dispatch?.trip)}
        />
      )}
    </article>
  );
}

/** The number (a button back to one line in the compact view), how long it has waited, Imprimir. */
function CardHead(props: OrderCardProps & { titleId: string; late: ReturnType<typeof lateness> }) {
  const { order, now, late, titleId, onCollapse } = props;
  return (
    <header className={styles.head}>
      {props.selection && order.status === 'received' && !props.pending ? (
        <SelectBox order={order} selection={props.selection} />
      ) : null}
      <h3 id={titleId} className={styles.number}>
        {onCollapse ? (
          <button
            type="button"
            className={styles.collapse}
            onClick={() => onCollapse(order)}
            aria-expanded="true"
          >
            #{order.id}
          </button>
        ) : (
          `#${order.id}`
        )}
        <ChannelBadge order={order} />
      </h3>
      <p className={styles.age}>
        {late ? <span className={styles.lateLabel}>{LATE_TEXT[late]}</span> : null}
        <span className={styles.minutes}>
          <span className="visually-hidden">Hace </span>
          {elapsedText(minutesSince(order.fire_at, now))}
        </span>
      </p>
      <button
        type="button"
        className={styles.print}
        onClick={() => props.onPrint(order)}
        aria-label="Imprimir"
        aria-describedby={titleId}
      >
        <PrintIcon />
      </button>
    </header>
  );
}

const PrintIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="26"
    height="26"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M7 9V3h10v6M7 17H4v-7a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v7h-3M7 14h10v7H7z" />
  </svg>
);

/** Who ordered, and where it goes (with the customer's directions for a delivery). */
function CardDestination({ order }: { order: PlacedOrder }) {
  const delivery = order.type_delivery === 2;
  return (
    <>
      <p className={styles.customer}>
        <span className={styles.customerName}>{order.customer.name}</span>{' '}
        <a className={styles.phone} href={`tel:${order.customer.phone}`}>
          {phoneText(order.customer.phone)}
        </a>
      </p>
      <p className={styles.where}>
        <span className={`${styles.type} ${delivery ? styles.delivery : styles.pickup}`}>
          {delivery ? 'Domicilio' : 'Recoger'}
        </span>
        {delivery ? <span className={styles.address}>{destinationText(order)}</span> : null}
      </p>
      {delivery && order.address_notes ? (
        <p className={styles.notes}>
          <span className={styles.observationLabel}>Indicaciones</span>
          {order.address_notes}
        </p>
      ) : null}
    </>
  );
}

/** What to make: each line with its options, then the customer's recommendation. */
function CardLines({ order }: { order: PlacedOrder }) {
  return (
    <>
      <ul className={styles.lines}>
        {order.detail.map((line, index) => (
          <li key={`${line.product_id}-${index}`} className={styles.line}>
            <span className={styles.quantity}>{line.quantity}×</span>
            <span className={styles.lineText}>
              <span className={styles.product}>{line.title}</span>
              {line.options.length > 0 ? (
                <span className={styles.options}>{optionsText(line)}</span>
              ) : null}
              {line.note ? (
                <span className={styles.options}>
                  <strong>Nota:</strong> {line.note}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {order.observation ? (
        <p className={styles.observation}>
          <span className={styles.observationLabel}>Recomendación</span>
          {order.observation}
        </p>
      ) : null}
    </>
  );
}

/** The delivery fee, the discount, the total with its payment, and how the money stands. */
function CardMoney(props: {
  order: PlacedOrder;
  onRefund: ((order: PlacedOrder) => void) | undefined;
}) {
  const { order } = props;
  return (
    <>
      {order.delivery_fee > 0 ? (
        <p className={styles.money}>
          <span>Domicilio</span>
          <span>{formatMoney(order.delivery_fee)}</span>
        </p>
      ) : null}
      {order.discount > 0 ? (
        <p className={styles.money}>
          <span>Descuento</span>
          <span>−{formatMoney(order.discount)}</span>
        </p>
      ) : null}
      <p className={styles.money}>
        <span>{order.payment}</span>
        <strong className={styles.total}>{formatMoney(order.total)}</strong>
      </p>
      {order.tip > 0 ? (
        // Apart from the total: the courier's, paid with it (decision 085).
        <p className={styles.money}>
          <span>Propina</span>
          <span>+{formatMoney(order.tip)}</span>
        </p>
      ) : null}
      <OrderMoneyNotes order={order} onRefund={props.onRefund} />
    </>
  );
}

/** The next step first, then the others (Rechazar and Cancelar in red). */
function CardActions(props: {
  order: PlacedOrder;
  busy: boolean;
  onAction: (order: PlacedOrder, action: OrderAction) => void;
  titleId: string;
  inTrip: boolean;
}) {
  const { order, busy, onAction, titleId } = props;
  const actions = orderActions(order, props.inTrip);
  if (actions.length === 0) return null;
  // Rechazar and Cancelar are never the big green button, even when nothing else is left.
  const stops = (action: OrderAction) => action.kind === 'reject' || action.kind === 'cancel';
  const main = actions.find((action) => !stops(action));
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`${styles.action} ${action === main ? styles.primary : stops(action) ? styles.danger : styles.secondary}`}
          disabled={busy}
          onClick={() => onAction(order, action)}
          aria-describedby={titleId}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}

/**
 * How the money stands, for the counter and the courier (decision 061): paid online (nobody asks
 * the customer for money), what cash comes with and the change to bring, what was given back,
 * and `Reembolsar` while something is left to give back.
 */
function OrderMoneyNotes({
  order,
  onRefund,
}: {
  order: PlacedOrder;
  onRefund: ((order: PlacedOrder) => void) | undefined;
}) {
  const online = paidOnline(order);
  const pendingRefund = order.refunds.some((refund) => refund.status === 'pending');
  return (
    <>
      {online ? (
        <p className={styles.paid}>
          <span>Pagado en línea</span>
          <span className={styles.paidHint}>No cobrar</span>
        </p>
      ) : null}
      {order.pay_with ? (
        <p className={styles.change}>{payWithText(order.pay_with, order.total + order.tip)}</p>
      ) : null}
      {order.refunded_amount > 0 || pendingRefund ? (
        <p className={styles.money}>
          <span>{pendingRefund ? 'Reembolso en proceso' : 'Reembolsado'}</span>
          <span>−{formatMoney(order.refunded_amount)}</span>
        </p>
      ) : null}
      {online && onRefund && refundableLeft(order) > 0 ? (
        <button type="button" className={styles.refund} onClick={() => onRefund(order)}>
          Reembolsar
        </button>
      ) : null}
    </>
  );
}

/** An order staff took by phone or at the counter says so beside its number (decision 087). */
function ChannelBadge({ order }: { order: PlacedOrder }) {
  if (order.channel === 'web') return null;
  // The space keeps «#12 Teléfono» two words for a screen reader, not «#12Teléfono».
  return (
    <>
      {' '}
      <span className={styles.channel}>{ORDER_CHANNEL_TEXT[order.channel]}</span>
    </>
  );
}

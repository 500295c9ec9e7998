import { formatMoney, PAYMENT_STATUS_TEXT, type PlacedOrder } from '@comanda/shared';
import { payWithText } from '@/entities/payment/lib/pay-with';
import { OrderSummary, placedOrderLines } from '@/components/order-summary/order-summary';
import { Picture } from '@/components/ui/picture';
import styles from './order-details.module.css';

/** What was ordered, where, how and for how much: the server's snapshot, not today's menu. */
export function OrderDetails({ order }: { order: PlacedOrder }) {
  return (
    <div className={styles.details}>
      <OrderFacts order={order} />

      <h2 className={styles.heading}>Productos</h2>
      <OrderLines order={order} />
      <OrderSummary
        lines={placedOrderLines(order)}
        totalClassName={styles.total}
        total={
          <>
            <span>Total</span>
            <strong>{formatMoney(order.total)}</strong>
          </>
        }
        after={[
          // The courier's tip: paid with the order, apart from its total (decision 085).
          ...(order.tip > 0
            ? [
                { label: 'Propina para el domiciliario', amount: formatMoney(order.tip) },
                { label: 'Total con propina', amount: formatMoney(order.total + order.tip) },
              ]
            : []),
          ...(order.refunded_amount > 0
            ? [{ label: 'Reembolsado', amount: `−${formatMoney(order.refunded_amount)}` }]
            : []),
        ]}
      />
    </div>
  );
}

/** Where and how: the branch, the order type, the place, the fee, the payment, the note. */
function OrderFacts({ order }: { order: PlacedOrder }) {
  const delivery = order.type_delivery === 2;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Sede</dt>
        <dd>{order.branch_office.title}</dd>
      </div>
      <div>
        <dt>Tipo de pedido</dt>
        <dd>{order.type_delivery_text}</dd>
      </div>
      <div className={styles.wide}>
        <dt>{delivery ? 'Dirección de entrega' : 'Recoger en'}</dt>
        <dd>{delivery ? order.address : order.branch_office.address}</dd>
      </div>
      {delivery && order.neighbourhood ? (
        <div>
          <dt>Barrio</dt>
          <dd>{order.neighbourhood}</dd>
        </div>
      ) : null}
      {delivery ? (
        <div>
          <dt>Domicilio</dt>
          <dd>{order.delivery_fee > 0 ? formatMoney(order.delivery_fee) : 'Gratis'}</dd>
        </div>
      ) : null}
      {delivery && order.address_notes ? (
        <div className={styles.wide}>
          <dt>Indicaciones</dt>
          <dd>{order.address_notes}</dd>
        </div>
      ) : null}
      <PaymentFact order={order} />
      {order.observation ? (
        <div className={styles.wide}>
          <dt>Recomendacion</dt>
          <dd>{order.observation}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function PaymentFact({ order }: { order: PlacedOrder }) {
  return (
    <div>
      <dt>Pago</dt>
      <dd>
        {order.payment}
        {order.payment_status ? (
          <span className={styles.paymentState}>{PAYMENT_STATUS_TEXT[order.payment_status]}</span>
        ) : null}
        {order.pay_with ? (
          <span className={styles.paymentState}>
            {payWithText(order.pay_with, order.total + order.tip, 'Pagas')}
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/** Each line as it was ordered: the server's snapshot. */
function OrderLines({ order }: { order: PlacedOrder }) {
  return (
    <ul className={styles.lines}>
      {order.detail.map((line, index) => (
        <li key={`${line.product_id}-${index}`} className={styles.line}>
          <Picture
            className={styles.image}
            src={line.image}
            kind="product"
            sizes="56px"
            alt=""
            width={56}
            height={56}
          />
          <div className={styles.info}>
            <p className={styles.title}>{line.title}</p>
            {line.options.length > 0 ? (
              <p className={styles.options}>
                {line.options.map((option) => option.title).join(' · ')}
              </p>
            ) : null}
            {line.note ? <p className={styles.note}>Nota: {line.note}</p> : null}
            <p className={styles.quantity}>
              {line.quantity} × {formatMoney(line.unit_price)}
            </p>
          </div>
          <p className={styles.amount}>{formatMoney(line.total)}</p>
        </li>
      ))}
    </ul>
  );
}

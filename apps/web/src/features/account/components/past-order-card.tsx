import {
  describeScheduled,
  formatMoney,
  PAYMENT_STATUS_TEXT,
  type PastOrder,
} from '@comanda/shared';
import { useId } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { OrderSummary, placedOrderLines } from '@/components/order-summary/order-summary';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { formatOrderDate, lineOptionsText, productCount, statusTone } from '../lib/order-format';
import { ReorderAction } from './reorder-action';
import styles from './past-order-card.module.css';

/** One past order: when, where, how, what, how much, its status, and the ways to act on it. */
export function PastOrderCard({ order }: { order: PastOrder }) {
  const headingId = useId();
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <OrderHead order={order} headingId={headingId} />

      <OrderFacts order={order} />

      <OrderLines order={order} />

      <OrderSummary
        lines={placedOrderLines(order)}
        totalClassName={styles.total}
        total={
          <>
            <span>{productCount(order.quantity)}</span>
            <span>
              Total <strong>{formatMoney(order.total)}</strong>
            </span>
          </>
        }
        // The courier's tip, paid with the order, apart from its total (decision 085).
        after={
          order.tip > 0
            ? [{ label: 'Propina para el domiciliario', amount: formatMoney(order.tip) }]
            : []
        }
      />

      <div className={styles.actions}>
        <ReorderAction order={order} />
        <Link
          to={paths.orderTracking.getHref(order.id)}
          className={buttonClass('secondary')}
          aria-label={`Ver estado del pedido ${order.id}`}
        >
          Ver estado
        </Link>
      </div>
    </article>
  );
}

function OrderHead({ order, headingId }: { order: PastOrder; headingId: string }) {
  return (
    <div className={styles.head}>
      <div>
        <h2 id={headingId} className={styles.title} tabIndex={-1}>
          Pedido #{order.id}
        </h2>
        <p className={styles.date}>
          <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
        </p>
        {order.scheduled_for && order.status === 'received' ? (
          <p className={styles.date}>
            <strong>{describeScheduled(new Date(order.scheduled_for), new Date())}</strong>
          </p>
        ) : null}
      </div>
      <span className={`${styles.status} ${styles[statusTone(order.status)]}`}>
        <span className="visually-hidden">Estado: </span>
        {order.status_text}
      </span>
    </div>
  );
}

/** Where, how and how it is paid. */
function OrderFacts({ order }: { order: PastOrder }) {
  const pickup = order.type_delivery === 1;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Sede</dt>
        <dd>{order.branch_office.title}</dd>
      </div>
      <div>
        <dt>Tipo</dt>
        <dd>{order.type_delivery_text}</dd>
      </div>
      <div className={styles.wide}>
        <dt>{pickup ? 'Recoger en' : 'Entregar en'}</dt>
        <dd>
          {order.address}
          {!pickup && order.address_notes ? (
            <span className={styles.notes}>{order.address_notes}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Pago</dt>
        <dd>
          {order.payment}
          {order.payment_status ? (
            <span className={styles.notes}>
              {PAYMENT_STATUS_TEXT[order.payment_status]}
              {order.refunded_amount > 0
                ? ` · ${formatMoney(order.refunded_amount)} devueltos`
                : ''}
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

function OrderLines({ order }: { order: PastOrder }) {
  return (
    <ul className={styles.lines} aria-label={`Productos del pedido ${order.id}`}>
      {order.detail.map((line, index) => {
        const options = lineOptionsText(line);
        return (
          <li key={`${line.product_id}-${index}`} className={styles.line}>
            <Picture
              className={styles.thumb}
              src={line.image}
              kind="product"
              sizes="56px"
              alt=""
              width={56}
              height={56}
            />
            <div className={styles.lineText}>
              <p className={styles.lineTitle}>
                {line.quantity} × {line.title}
              </p>
              {options ? <p className={styles.options}>{options}</p> : null}
              {line.note ? <p className={styles.options}>Nota: {line.note}</p> : null}
            </div>
            <p className={styles.lineTotal}>{formatMoney(line.total)}</p>
          </li>
        );
      })}
    </ul>
  );
}

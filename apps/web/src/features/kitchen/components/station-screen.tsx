import { chainClock, type StationItem } from '@comanda/shared';
import { useBumpItem, useStationItems } from '../api/kitchen-queries';
import { useKitchenRealtime } from '../hooks/use-kitchen-realtime';
import { byOrder, type OrderItems } from '../lib/group';
import styles from './kitchen.module.css';

const optionsText = (item: StationItem) => item.options.map((option) => option.title).join(', ');

function ItemButton({ item, onToggle }: { item: StationItem; onToggle: () => void }) {
  const done = item.bumped_at !== null;
  return (
    <button type="button" className={styles.item} aria-pressed={done} onClick={onToggle}>
      <span className={styles.itemTitle}>
        {item.quantity} × {item.title}
      </span>
      {item.options.length > 0 ? <span className={styles.options}>{optionsText(item)}</span> : null}
      {/* The customer's note on this item alone (decision 085), in the order's notes' style. */}
      {item.note ? <span className={styles.notes}>Nota: {item.note}</span> : null}
      <span className="visually-hidden">{done ? ' (hecho)' : ''}</span>
    </button>
  );
}

function OrderCard({ order, branchId }: { order: OrderItems; branchId: number }) {
  const bump = useBumpItem(branchId);
  const pending = order.items.filter((item) => item.bumped_at === null);
  return (
    <li className={`${styles.order} ${pending.length === 0 ? styles.ready : ''}`}>
      <h2 className={styles.orderHead}>
        <span>#{order.order_number}</span>
        {order.promised_at ? <span>{chainClock(new Date(order.promised_at))}</span> : null}
      </h2>
      {order.notes ? <p className={styles.notes}>{order.notes}</p> : null}
      <ul className={styles.items}>
        {order.items.map((item) => (
          <li key={item.id}>
            <ItemButton
              item={item}
              onToggle={() => bump.mutate({ id: item.id, done: item.bumped_at === null })}
            />
          </li>
        ))}
      </ul>
      {pending.length > 0 ? (
        <button
          type="button"
          className={styles.button}
          onClick={() => pending.forEach((item) => bump.mutate({ id: item.id, done: true }))}
        >
          Todo listo #{order.order_number}
        </button>
      ) : null}
      {bump.isError ? <p className={styles.error}>No se pudo marcar. Intenta de nuevo.</p> : null}
    </li>
  );
}

/** /panel/cocina/:station: a station's items per order, oldest first, with its all-day counts. */
export function StationScreen({ branchId, stationId }: { branchId: number; stationId: number }) {
  useKitchenRealtime(branchId);
  const answer = useStationItems(branchId, stationId);
  if (answer.isError) return <p className={styles.error}>No pudimos leer esta estación.</p>;
  if (!answer.data) return <p className={styles.empty}>Cargando…</p>;
  const { station, items, all_day } = answer.data;
  const orders = byOrder(items);
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{station.name}</h1>
        <ul className={styles.allDay} aria-label="Por hacer en total">
          {all_day.map((count) => (
            <li key={count.product_id}>
              {count.quantity} × {count.title}
            </li>
          ))}
        </ul>
      </div>
      {orders.length === 0 ? (
        <p className={styles.empty}>Nada por hacer en {station.name}.</p>
      ) : (
        <ul className={styles.orders}>
          {orders.map((order) => (
            <OrderCard key={order.order_id} order={order} branchId={branchId} />
          ))}
        </ul>
      )}
    </div>
  );
}

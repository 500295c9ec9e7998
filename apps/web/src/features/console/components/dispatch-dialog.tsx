import type { BranchConsole, Courier, PlacedOrder } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { Sheet } from '@/components/ui/sheet';
import {
  useDispatchDraft,
  type DispatchDraft,
  type DispatchTarget,
} from '../hooks/use-dispatch-draft';
import { courierOffered, courierStateText } from '../lib/dispatch';
import { destinationText } from '../lib/order-text';
import styles from './dispatch-dialog.module.css';
import dialogStyles from './order-dialogs.module.css';

interface DispatchDialogProps {
  branch: BranchConsole;
  /** The card it was opened from; null when closed. */
  target: DispatchTarget | null;
  /** The branch's open orders: the others that may go in the same trip. */
  orders: readonly PlacedOrder[];
  couriers: readonly Courier[] | undefined;
  /** The couriers could not be read. */
  couriersError: string | null;
  onClose: () => void;
}

/**
 * `Asignar domiciliario` (and `Cambiar` before the courier leaves): one courier on shift, and one
 * or several delivery orders in the order they are delivered, as one trip.
 */
export function DispatchDialog(props: DispatchDialogProps) {
  const { branch, target, orders, couriers, onClose } = props;
  const title = target
    ? target.trip
      ? `Cambiar el viaje de #${target.order.id}`
      : `Asignar domiciliario a #${target.order.id}`
    : 'Asignar domiciliario';
  return (
    <Sheet open={target !== null} onClose={onClose} title={title} closeLabel="Cancelar">
      {target && couriers ? (
        <DispatchForm
          key={`${target.order.id}-${target.trip?.id ?? 'new'}`}
          branch={branch}
          target={target}
          orders={orders}
          couriers={couriers}
          onDone={onClose}
        />
      ) : target && props.couriersError ? (
        <p className={`${styles.body} ${styles.error}`} role="alert">
          No pudimos cargar los domiciliarios. {props.couriersError}
        </p>
      ) : target ? (
        <p className={styles.body} role="status">
          Cargando domiciliarios…
        </p>
      ) : null}
    </Sheet>
  );
}

function DispatchForm(props: {
  branch: BranchConsole;
  target: DispatchTarget;
  orders: readonly PlacedOrder[];
  couriers: readonly Courier[];
  onDone: () => void;
}) {
  const draft = useDispatchDraft(props.branch, props.target, props.orders, props.couriers);
  const errorId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    draft.send().then(props.onDone, () => undefined);
  };
  const ready = draft.courier !== null && draft.orderIds.length > 0;
  return (
    <form className={styles.body} onSubmit={onSubmit} noValidate>
      <CourierChoice draft={draft} target={props.target} />
      <TripOrders draft={draft} orders={props.orders} />
      {draft.error ? (
        <p id={errorId} className={styles.error} role="alert">
          {draft.error.message}
        </p>
      ) : null}
      <button
        type="submit"
        className={`${dialogStyles.confirm} ${styles.confirm}`}
        disabled={!ready || draft.sending}
        aria-describedby={draft.error ? errorId : undefined}
      >
        {submitText(draft, props.target)}
      </button>
    </form>
  );
}

function submitText(draft: DispatchDraft, target: DispatchTarget): string {
  if (draft.sending) return 'Enviando…';
  if (!draft.courier) return 'Elige un domiciliario';
  if (draft.orderIds.length === 0) return 'Elige al menos un pedido';
  const count = draft.orderIds.length === 1 ? '1 pedido' : `${draft.orderIds.length} pedidos`;
  return target.trip
    ? `Guardar: ${count} a ${draft.courier.name}`
    : `Asignar ${count} a ${draft.courier.name}`;
}

/** The couriers on shift, the longest-waiting available one first; those out say when they are back. */
function CourierChoice({ draft, target }: { draft: DispatchDraft; target: DispatchTarget }) {
  const name = useId();
  if (draft.couriers.length === 0)
    return (
      <p className={styles.empty} role="status">
        Ningún domiciliario en turno. Cuando uno empiece su turno aparecerá aquí.
      </p>
    );
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Domiciliario</legend>
      <ul className={styles.couriers}>
        {draft.couriers.map((courier) => {
          const offered = courierOffered(courier, target.trip);
          return (
            <li key={courier.id}>
              <label className={`${styles.courier} ${offered ? '' : styles.unavailable}`}>
                <input
                  type="radio"
                  name={name}
                  checked={draft.courier?.id === courier.id}
                  disabled={!offered}
                  onChange={() => draft.setCourierId(courier.id)}
                />
                <span className={styles.courierText}>
                  <span className={styles.courierName}>{courier.name}</span>
                  <span className={`${styles.state} ${styles[courier.state] ?? ''}`}>
                    {courierStateText(courier)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The trip's orders: those chosen first, numbered in delivery order with Subir and Bajar, then
 * the other orders ready to go. A move is announced, and focus stays on the button pressed.
 */
function TripOrders({ draft, orders }: { draft: DispatchDraft; orders: readonly PlacedOrder[] }) {
  const [said, setSaid] = useState('');
  const byId = new Map(orders.map((order) => [order.id, order]));
  const chosen = draft.orderIds.map((id) => byId.get(id)).filter((order) => order !== undefined);
  const others = draft.candidates.filter((order) => !draft.orderIds.includes(order.id));
  const move = (order: PlacedOrder, step: -1 | 1) => {
    const index = draft.orderIds.indexOf(order.id) + step;
    if (index < 0 || index >= draft.orderIds.length) return;
    draft.move(order.id, step);
    setSaid(`#${order.id} ahora es la entrega ${index + 1} de ${draft.orderIds.length}.`);
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Pedidos del viaje, en orden de entrega</legend>
      <ol className={styles.orders}>
        {[...chosen, ...others].map((order, index) => (
          <TripOrder
            key={order.id}
            order={order}
            position={index < chosen.length ? index + 1 : null}
            last={index === chosen.length - 1}
            onToggle={(on) => draft.toggle(order.id, on)}
            onMove={(step) => move(order, step)}
          />
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </fieldset>
  );
}

function TripOrder(props: {
  order: PlacedOrder;
  /** 1 = delivered first; null when not in the trip. */
  position: number | null;
  last: boolean;
  onToggle: (on: boolean) => void;
  onMove: (step: -1 | 1) => void;
}) {
  const { order, position } = props;
  const first = position === 1;
  return (
    <li className={`${styles.order} ${position ? styles.inTrip : ''}`}>
      <span className={styles.position} aria-hidden="true">
        {position ?? ''}
      </span>
      <label className={styles.orderLabel}>
        <input
          type="checkbox"
          checked={position !== null}
          onChange={(event) => props.onToggle(event.target.checked)}
        />
        <span className={styles.orderText}>
          <strong>#{order.id}</strong> {order.customer.name}
          <span className={styles.address}>{destinationText(order)}</span>
        </span>
      </label>
      {position ? (
        <span className={styles.moves}>
          <button
            type="button"
            className={styles.move}
            aria-label={`Subir #${order.id}`}
            aria-disabled={first || undefined}
            onClick={() => props.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className={styles.move}
            aria-label={`Bajar #${order.id}`}
            aria-disabled={props.last || undefined}
            onClick={() => props.onMove(1)}
          >
            ↓
          </button>
        </span>
      ) : null}
    </li>
  );
}

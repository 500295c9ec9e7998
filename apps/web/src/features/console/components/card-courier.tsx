import { FAIL_REASON_TEXT, type FailReason, type PlacedOrder, type Trip } from '@comanda/shared';
import { firstName } from '../lib/dispatch';
import styles from './card-courier.module.css';

/** What the board knows of an order's trip, worked out from the couriers' list. */
export interface CardDispatch {
  /** It may be handed to a courier now, and is in no trip yet: `Asignar domiciliario`. */
  assignable: boolean;
  /** The trip it goes in while the courier has not left: `Cambiar`. */
  trip: Trip | null;
  onOpen: (order: PlacedOrder, trip: Trip | null) => void;
}

/** The server says why in words; an older answer may carry the reason's key. */
const failedText = (reason: string) => FAIL_REASON_TEXT[reason as FailReason] ?? reason;

/** Why a courier brought the order back: near the top of its card, it needs a decision. */
export function DeliveryFailedNote({ order }: { order: PlacedOrder }) {
  return order.delivery_failed ? (
    <p className={styles.failed} data-testid="delivery-failed">
      <strong>No se pudo entregar:</strong> {failedText(order.delivery_failed)}
    </p>
  ) : null;
}

/**
 * A delivery order's courier on its card: who has it, and the way to give it to one or to change
 * the trip before the courier leaves.
 */
export function CardCourier(props: {
  order: PlacedOrder;
  dispatch: CardDispatch | undefined;
  titleId: string;
}) {
  const { order, dispatch, titleId } = props;
  const courier = order.courier;
  const trip = dispatch?.trip ?? null;
  return (
    <>
      {courier || trip ? (
        <div className={styles.courier}>
          <p>
            Domiciliario: <strong>{courier?.name ?? firstName(trip?.courier.name ?? '')}</strong>
          </p>
          {trip && dispatch ? (
            <button
              type="button"
              className={styles.change}
              onClick={() => dispatch.onOpen(order, trip)}
              aria-describedby={titleId}
            >
              Cambiar
            </button>
          ) : null}
        </div>
      ) : null}
      {dispatch?.assignable && !trip ? (
        <button
          type="button"
          className={styles.assign}
          onClick={() => dispatch.onOpen(order, null)}
          aria-describedby={titleId}
        >
          Asignar domiciliario
        </button>
      ) : null}
    </>
  );
}

import {
  CHAIN_TIME_ZONE,
  isStopped,
  ORDER_STATUS_TEXT,
  statusFlow,
  type OrderStatus,
  type PlacedOrder,
} from '@comanda/shared';
import { dateFormat } from '@/lib/date-format';

// The route reads these with the timeline; they are the shared status graph's.
export { isFinished, isStopped } from '@comanda/shared';

export type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  state: StepState;
  /** When the order reached this step (ISO), null while it has not. */
  at: string | null;
}

type TimelineOrder = Pick<PlacedOrder, 'status' | 'type_delivery' | 'history'>;

/**
 * The steps an order goes through, each with when it got there. A rejected or cancelled order
 * shows only the steps it really took, ending on that one: promising "Entregado" would be a lie.
 */
export function buildTimeline(order: TimelineOrder): TimelineStep[] {
  const reachedAt = (status: OrderStatus) =>
    order.history.findLast((entry) => entry.status === status)?.at ?? null;

  if (isStopped(order.status)) {
    return order.history.map((entry, index, all) => ({
      status: entry.status,
      label: ORDER_STATUS_TEXT[entry.status],
      state: index === all.length - 1 && isStopped(entry.status) ? 'stopped' : 'done',
      at: entry.at,
    }));
  }

  const flow = statusFlow(order.type_delivery);
  const position = flow.indexOf(order.status);
  return flow.map((status, index) => ({
    status,
    label: ORDER_STATUS_TEXT[status],
    state:
      index < position || (index === position && status === 'delivered')
        ? 'done'
        : index === position
          ? 'current'
          : 'upcoming',
    at: index <= position ? reachedAt(status) : null,
  }));
}

const timeFormat = dateFormat({
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CHAIN_TIME_ZONE,
});
const dayAndTime = dateFormat({
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CHAIN_TIME_ZONE,
});

/** "3:45 p. m.", on the chain's clock (the branch's, whatever the phone's zone). */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
/** "20 de noviembre, 3:45 p. m." */
export const formatDateTime = (iso: string) => dayAndTime.format(new Date(iso));

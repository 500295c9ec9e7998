import type { PlacedOrder } from '@comanda/shared';
import { buildTimeline, formatTime, type StepState } from '../lib/timeline';
import styles from './order-timeline.module.css';

const STATE_TEXT: Record<StepState, string> = {
  done: 'completado',
  current: 'estado actual',
  upcoming: 'pendiente',
  stopped: 'el pedido terminó aquí',
};

function StepIcon({ state }: { state: StepState }) {
  return (
    <span className={styles.marker} aria-hidden="true">
      {state === 'done' ? (
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      ) : state === 'stopped' ? (
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        >
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      ) : null}
    </span>
  );
}

/** The order's path: received → accepted → preparing → ready → (on the way) → delivered, with times. */
export function OrderTimeline({
  order,
}: {
  order: Pick<PlacedOrder, 'status' | 'type_delivery' | 'history'>;
}) {
  const steps = buildTimeline(order);
  return (
    <ol className={styles.timeline} aria-label="Estado del pedido">
      {steps.map((step) => (
        <li
          key={step.status}
          className={`${styles.step} ${styles[step.state]}`}
          aria-current={step.state === 'current' || step.state === 'stopped' ? 'step' : undefined}
          data-status={step.status}
          data-state={step.state}
        >
          <StepIcon state={step.state} />
          <span className={styles.label}>
            {step.label}
            <span className="visually-hidden">, {STATE_TEXT[step.state]}</span>
          </span>
          {step.at ? (
            <time className={styles.time} dateTime={step.at}>
              {formatTime(step.at)}
            </time>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

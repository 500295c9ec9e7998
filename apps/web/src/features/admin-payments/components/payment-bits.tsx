import { chainMoment } from '../lib/payment-words';
import styles from './payments.module.css';

/** An instant on the chain's calendar and clock, the day above the time. */
export function Moment({ iso }: { iso: string }) {
  const { day, clock } = chainMoment(iso);
  return (
    <time dateTime={iso} className={styles.moment}>
      <span>{day}</span> <span className={styles.clock}>{clock}</span>
    </time>
  );
}

/**
 * An id to find in the provider's dashboard: small and monospaced, and one click selects it
 * whole (an id has dashes a double click would stop at), ready to copy.
 */
export function Copyable({ text }: { text: string }) {
  return (
    <code className={styles.copyable} translate="no">
      {text}
    </code>
  );
}

import type { Held } from '@/lib/held-actions';
import { chainClock } from '@comanda/shared';
import { actionText, type CourierAction } from '../lib/courier-action';
import styles from './courier.module.css';

interface Messages {
  pending: readonly Held<CourierAction>[];
  problem: string | null;
  clearProblem: () => void;
  notice: string | null;
  clearNotice: () => void;
}

/** The server's refusal as it says it, what was sent once the signal came back, and what still waits. */
export function CourierMessages({ actions }: { actions: Messages }) {
  const { pending, problem, notice } = actions;
  return (
    <>
      {problem ? (
        <div className={`${styles.message} ${styles.problem}`} role="alert">
          <p>{problem}</p>
          <button type="button" className={styles.messageButton} onClick={actions.clearProblem}>
            Entendido
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className={styles.message} role="status">
          <p>{notice}</p>
          <button type="button" className={styles.messageButton} onClick={actions.clearNotice}>
            Entendido
          </button>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <div className={`${styles.message} ${styles.held}`} role="status">
          <p>
            <strong>Sin señal.</strong> Se envía solo al volver la señal:{' '}
            {pending
              .map(({ action, at }) => `${actionText(action)} (${chainClock(new Date(at))})`)
              .join(', ')}
            .
          </p>
        </div>
      ) : null}
    </>
  );
}

import { Button } from './button';
import { AlertIcon } from './icons';
import styles from './error-state.module.css';

interface ErrorStateProps {
  message: string;
  /** Optional second line, e.g. the server's own message. */
  detail?: string | undefined;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}

/** A failed load said out loud (role=alert), with a way to try again. */
export function ErrorState({ message, detail, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className={styles.box} role="alert">
      <AlertIcon className={styles.icon} />
      <p className={styles.message}>{message}</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {onRetry ? (
        <Button onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? 'Reintentando…' : 'Reintentar'}
        </Button>
      ) : null}
    </div>
  );
}

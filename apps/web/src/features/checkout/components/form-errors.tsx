import { AlertIcon } from '@/components/ui/icons';
import styles from './checkout.module.css';

/** The Spanish reasons one part of the order was refused, said where that part is. */
export function FormErrors({
  id,
  messages,
}: {
  id?: string;
  messages: readonly string[] | undefined;
}) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul id={id} className={styles.errors}>
      {messages.map((message) => (
        <li key={message}>
          <AlertIcon className={styles.errorIcon} />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  );
}

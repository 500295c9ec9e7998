import type { Branch } from '@comanda/shared';
import { openingStatus } from '../lib/opening-status';
import styles from './opening-badge.module.css';

/** "Abierto ahora · cierra a las 22:00" in green, "Cerrado · abre …" in grey. */
export function OpeningBadge({ branch, now }: { branch: Branch; now: Date }) {
  const status = openingStatus(branch, now);
  return (
    <span
      className={`${styles.badge} ${status.open ? styles.open : styles.closed}`}
      data-open={status.open}
    >
      <span className={styles.dot} aria-hidden="true" />
      {status.text}
    </span>
  );
}

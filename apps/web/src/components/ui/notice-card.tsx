import type { ReactNode } from 'react';
import styles from './notice-card.module.css';

interface NoticeCardProps {
  /** A 36 px icon in a round badge. */
  icon: ReactNode;
  /** The screen's heading when the card is all the screen shows. */
  title?: string;
  /** What happened, in one sentence. */
  text: string;
  /** The ways on (links or buttons), stacked. */
  children: ReactNode;
}

/**
 * A screen with nothing to show yet (an empty cart, an order that is not there): an icon, what
 * happened in words, and the way on.
 */
export function NoticeCard({ icon, title, text, children }: NoticeCardProps) {
  return (
    <div className={styles.card}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      {title ? <h1 className={styles.title}>{title}</h1> : null}
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </div>
  );
}

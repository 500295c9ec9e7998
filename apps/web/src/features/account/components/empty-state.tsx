import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  icon: ReactNode;
  /** The contract's empty text ('No tienes Favoritos', 'No Tienes Pedidos'). */
  title: string;
  children?: ReactNode;
}

/** An empty list said plainly, with the next step the customer can take. */
export function EmptyState({ icon, title, children }: EmptyStateProps) {
  return (
    <div className={styles.box}>
      <span className={styles.icon}>{icon}</span>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}

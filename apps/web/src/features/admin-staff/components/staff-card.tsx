import type { ReactNode } from 'react';
import styles from './staff.module.css';

/** One card of an account's screen: a titled section (`id` names its heading). */
export function StaffCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

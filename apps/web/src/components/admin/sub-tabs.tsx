import { NavLink } from '@/components/ui/link';
import styles from './sub-tabs.module.css';

export interface SubTab {
  to: string;
  label: string;
  /** Current only on exactly its path (a section's index), not on the paths under it. */
  end?: boolean;
}

/** The tabs inside one back-office section (Categorías / Productos, Banners / Cupones …). */
export function SubTabs({ label, tabs }: { label: string; tabs: readonly SubTab[] }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

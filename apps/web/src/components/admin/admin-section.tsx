import { useId, type ReactNode } from 'react';
import styles from './admin-section.module.css';
import { pageTitle } from '@/lib/brand';

interface AdminSectionProps {
  /** The screen's heading, also the tab's title. */
  title: string;
  description?: string;
  /** The main action ("Nueva categoría"), beside the heading. */
  actions?: ReactNode;
  /** Every list of the back office can be searched: its text and how it changes. */
  search?: { label: string; value: string; onChange: (value: string) => void };
  /**
   * What the screen's last save did ("Guardado: …"). Its forms close when they save, so the screen
   * says it, in a live region that is always in place for screen readers to hear the change.
   */
  notice?: string;
  children: ReactNode;
}

/** The frame of one back-office screen: heading, main action, search, then the screen. */
export function AdminSection({
  title,
  description,
  actions,
  search,
  notice = '',
  children,
}: AdminSectionProps) {
  const searchId = useId();
  return (
    <section className={styles.section} aria-labelledby={`${searchId}-title`}>
      <title>{pageTitle(`${title} · Administración`)}</title>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 id={`${searchId}-title`} className={styles.title}>
            {title}
          </h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {search ? (
        <div className={styles.search}>
          <label htmlFor={searchId} className={styles.searchLabel}>
            {search.label}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
            autoComplete="off"
          />
        </div>
      ) : null}
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import styles from './page.module.css';
import { pageTitle } from '@/lib/brand';

interface PageProps {
  /** The screen's heading (product.md «Screens and routes» titles) and the document title. */
  title: string;
  /** Visually hide the heading when the screen shows its title another way. */
  hideTitle?: boolean;
  children?: ReactNode;
}

/** One screen: document title, the page's single h1, then its content. */
export function Page({ title, hideTitle = false, children }: PageProps) {
  return (
    <div className={styles.page}>
      <title>{pageTitle(title)}</title>
      <h1 className={hideTitle ? 'visually-hidden' : styles.heading}>{title}</h1>
      {children}
    </div>
  );
}

/** A white rounded card for a screen's body. */
export function Card({ children }: { children: ReactNode }) {
  return <div className={styles.card}>{children}</div>;
}

export function MutedText({ children }: { children: ReactNode }) {
  return <p className={styles.muted}>{children}</p>;
}

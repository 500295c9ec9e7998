import type { ReactNode } from 'react';
import { UserIcon } from '@/components/ui/more-icons';
import styles from './auth-panel.module.css';
import { pageTitle } from '@/lib/brand';

interface AuthPanelProps {
  /** The screen's title (product.md «Screens and routes»: 'INICIO SESIÓN', 'REGISTRO'), its only h1. */
  title: string;
  intro: string;
  children: ReactNode;
  /** Under the form: the way to the other screen ("¿No tienes cuenta? …"). */
  footer: ReactNode;
}

/** The frame of /login and /registrate: a narrow card centred on wide screens. */
export function AuthPanel({ title, intro, children, footer }: AuthPanelProps) {
  return (
    <div className={styles.panel}>
      <title>{pageTitle(title)}</title>
      <div className={styles.head}>
        <span className={styles.badge}>
          <UserIcon />
        </span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.intro}>{intro}</p>
      </div>
      {children}
      <p className={styles.footer}>{footer}</p>
    </div>
  );
}

import type { BranchConsole } from '@comanda/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import type { Alarm } from '@/lib/alarm/use-alarm';
import type { Connection } from '../hooks/use-panel-realtime';
import { PANEL_MESSAGES } from '../lib/messages';
import { PanelBanners } from './panel-banners';
import styles from './panel-shell.module.css';
import { panelHref } from '@/config/panel-paths';

interface PanelShellProps {
  branch: BranchConsole;
  canSwitchBranch: boolean;
  /** The chain's admin also gets the back office. */
  isAdmin: boolean;
  onSwitchBranch: () => void;
  onLogout: () => void;
  connection: Connection;
  alarm: Alarm;
  waiting: number;
  onResume: () => void;
  resuming: boolean;
  /** Until when this session may wait to turn on the second factor (the banner says so). */
  secondFactorGraceUntil: string | null;
  children: ReactNode;
}

const SCREENS = [
  { href: panelHref.board(), label: 'Pedidos' },
  { href: panelHref.newOrder(), label: 'Nuevo pedido' },
  { href: panelHref.controls(), label: 'Controles' },
  { href: panelHref.day(), label: 'Día' },
  { href: panelHref.kitchen(), label: 'Cocina' },
  { href: panelHref.security(), label: 'Seguridad' },
] as const;
const ADMIN_SCREEN = { href: panelHref.admin(), label: 'Administrar' } as const;
/** Staff read their branch's Informes here; an admin reads the chain's in the back office. */
const INSIGHTS_SCREEN = { href: panelHref.branchInsights(), label: 'Informes' } as const;

/** A screen is current on its own path and, for the back office, on every section under it. */
const isCurrent = (pathname: string, href: string) => {
  const path = pathname.replace(/\/$/, '');
  const section = href === ADMIN_SCREEN.href || href === panelHref.kitchen();
  return path === href || (section && path.startsWith(`${href}/`));
};

/**
 * The console's frame on every screen: the branch, the way between Pedidos, Controles and Día,
 * and what staff must never miss, in words and not only colour: no connection, sound off,
 * orders waiting for an answer, orders paused.
 */
export function PanelShell(props: PanelShellProps) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  // The back office is a desk, not the counter: no ringing band over a manager's forms. The
  // same account back on Pedidos, Controles or Día has it again.
  const inAdmin = isCurrent(pathname, ADMIN_SCREEN.href);
  // The board is one screen tall, its columns scroll on their own: header and band stay put.
  const onBoard = path === panelHref.board();
  return (
    <div className={`${styles.shell} ${onBoard ? styles.fill : ''}`}>
      <header className={styles.header}>
        <PanelTop {...props} />
        <PanelNav pathname={pathname} isAdmin={props.isAdmin} waiting={props.waiting} />
      </header>

      <PanelBanners
        branch={props.branch}
        connection={props.connection}
        alarm={props.alarm}
        waiting={props.waiting}
        inAdmin={inAdmin}
        onResume={props.onResume}
        resuming={props.resuming}
        secondFactorGraceUntil={props.secondFactorGraceUntil}
      />

      <main className={styles.main} id="panel">
        {props.children}
      </main>
    </div>
  );
}

/** The header's first line: which branch, whether it is connected, and the account's buttons. */
function PanelTop(
  props: Pick<
    PanelShellProps,
    'branch' | 'connection' | 'canSwitchBranch' | 'onSwitchBranch' | 'onLogout'
  >,
) {
  const { connection } = props;
  return (
    <div className={styles.top}>
      <div className={styles.identity}>
        <p className={styles.branch}>
          <span className={styles.branchLabel}>Sede</span> {props.branch.title}
        </p>
        <p className={`${styles.connection} ${styles[connection]}`} role="status">
          <span className={styles.dot} aria-hidden="true" />
          {connection === 'live'
            ? 'En línea'
            : connection === 'connecting'
              ? 'Conectando…'
              : PANEL_MESSAGES.offline}
        </p>
      </div>
      <div className={styles.account}>
        {props.canSwitchBranch ? (
          <button
            type="button"
            className={`${styles.headerButton} ${styles.switchBranch}`}
            onClick={props.onSwitchBranch}
          >
            Cambiar sede
          </button>
        ) : null}
        <button type="button" className={styles.headerButton} onClick={props.onLogout}>
          Salir
        </button>
      </div>
    </div>
  );
}

/**
 * Pedidos, Controles, Día, Seguridad, then Administrar for an admin or Informes for staff; Pedidos
 * counts what waits.
 */
function PanelNav({
  pathname,
  isAdmin,
  waiting,
}: {
  pathname: string;
  isAdmin: boolean;
  waiting: number;
}) {
  const screens = isAdmin ? [...SCREENS, ADMIN_SCREEN] : [...SCREENS, INSIGHTS_SCREEN];
  return (
    <nav className={styles.nav} aria-label="Panel">
      {screens.map(({ href, label }) => {
        const current = isCurrent(pathname, href);
        return (
          <Link
            key={href}
            to={href}
            className={`${styles.navLink} ${current ? styles.navActive : ''}`}
            aria-current={current ? 'page' : undefined}
          >
            {label}
            {href === panelHref.board() && waiting > 0 ? (
              <span className={styles.navCount}>{waiting}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

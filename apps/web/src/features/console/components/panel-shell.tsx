import type { BranchConsole } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useClock } from '../hooks/use-clock';
import type { Alarm } from '@/lib/alarm/use-alarm';
import type { Connection } from '../hooks/use-panel-realtime';
import { pauseText, rushText } from '../lib/branch-state';
import { PANEL_MESSAGES } from '../lib/messages';
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
  children: ReactNode;
}

const SCREENS = [
  { href: panelHref.board(), label: 'Pedidos' },
  { href: panelHref.controls(), label: 'Controles' },
  { href: panelHref.day(), label: 'Día' },
  { href: panelHref.security(), label: 'Seguridad' },
] as const;
const ADMIN_SCREEN = { href: panelHref.admin(), label: 'Administrar' } as const;

/** A screen is current on its own path and, for the back office, on every section under it. */
const isCurrent = (pathname: string, href: string) => {
  const path = pathname.replace(/\/$/, '');
  return path === href || (href === ADMIN_SCREEN.href && path.startsWith(`${href}/`));
};

/** "Cerrada por horario" / "Cerrada hoy (excepción)" and when it opens again; null when open. */
function closedText(branch: BranchConsole): { title: string; detail: string } | null {
  if (branch.open_now) return null;
  const title =
    branch.closed_by === 'exception' ? 'Cerrada hoy por horario especial' : 'Cerrada por horario';
  const reopens = branch.reopens ? `${branch.reopens}.` : 'Sin apertura en los próximos días.';
  return { title, detail: `${reopens} Los clientes no pueden pedir ahora.` };
}

/**
 * The console's frame on every screen: the branch, the way between Pedidos, Controles and Día,
 * and what staff must never miss, in words and not only colour: no connection, sound off,
 * orders waiting for an answer, orders paused.
 */
export function PanelShell(props: PanelShellProps) {
  const { branch, connection, alarm, waiting } = props;
  const now = useClock(30_000);
  const { pathname } = useLocation();
  const paused = pauseText(branch, now);
  const rush = rushText(branch);
  const path = pathname.replace(/\/$/, '');
  // The back office is a desk, not the counter: no ringing band over a manager's forms. The
  // same account back on Pedidos, Controles or Día has it again.
  const inAdmin = isCurrent(pathname, ADMIN_SCREEN.href);
  // The board is one screen tall, its columns scroll on their own: header and band stay put.
  const onBoard = path === panelHref.board();
  const closed = closedText(branch);
  return (
    <div className={`${styles.shell} ${onBoard ? styles.fill : ''}`}>
      <header className={styles.header}>
        <div className={styles.top}>
          <div className={styles.identity}>
            <p className={styles.branch}>
              <span className={styles.branchLabel}>Sede</span> {branch.title}
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
        <nav className={styles.nav} aria-label="Panel">
          {(props.isAdmin ? [...SCREENS, ADMIN_SCREEN] : SCREENS).map(({ href, label }) => {
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
      </header>

      <section className={styles.banners} aria-label="Avisos del panel">
        {connection === 'offline' ? (
          <div className={`${styles.banner} ${styles.bannerOffline}`} role="alert">
            <p>
              <strong>{PANEL_MESSAGES.offline}.</strong> {PANEL_MESSAGES.offlineDetail}
            </p>
          </div>
        ) : null}
        {alarm.sound === 'blocked' || alarm.sound === 'unsupported' ? (
          <div className={`${styles.banner} ${styles.bannerSound}`}>
            <p>
              <strong>Sonido desactivado.</strong>{' '}
              {alarm.sound === 'unsupported'
                ? 'Este navegador no puede sonar: mantén el panel a la vista.'
                : 'El navegador no deja sonar la alarma hasta que toques la pantalla.'}
            </p>
            {alarm.sound === 'blocked' ? (
              <button type="button" className={styles.bannerButton} onClick={alarm.enableSound}>
                Activar sonido
              </button>
            ) : null}
          </div>
        ) : null}
        {/* Always there and always as tall, so an order arriving never moves the screen under a
            finger about to tap Aceptar. */}
        {inAdmin ? null : (
          <div
            className={`${styles.banner} ${styles.alarm} ${
              waiting === 0
                ? styles.bannerCalm
                : alarm.ringing
                  ? styles.bannerRinging
                  : styles.bannerWaiting
            }`}
            role="status"
            data-testid="alarm"
          >
            <p>
              {waiting === 0 ? (
                'Ningún pedido nuevo por responder'
              ) : (
                <>
                  <strong>
                    {waiting === 1
                      ? '1 pedido nuevo sin responder'
                      : `${waiting} pedidos nuevos sin responder`}
                  </strong>
                  {alarm.ringing
                    ? alarm.sound === 'on'
                      ? ' · sonando'
                      : ''
                    : ' · alarma silenciada'}
                </>
              )}
            </p>
            {waiting > 0 && alarm.ringing ? (
              <button type="button" className={styles.bannerButton} onClick={alarm.silence}>
                Silenciar
              </button>
            ) : null}
          </div>
        )}
        {closed ? (
          <div className={`${styles.banner} ${styles.bannerClosed}`} data-testid="closed">
            <p>
              <strong>{closed.title}.</strong> {closed.detail}
            </p>
          </div>
        ) : null}
        {paused ? (
          <div className={`${styles.banner} ${styles.bannerPaused}`}>
            <p>
              <strong>{paused}.</strong> Los clientes no pueden pedir en esta sede.
            </p>
            <button
              type="button"
              className={styles.bannerButton}
              onClick={props.onResume}
              disabled={props.resuming}
            >
              {props.resuming ? 'Reanudando…' : 'Reanudar'}
            </button>
          </div>
        ) : null}
        {rush ? (
          <div className={`${styles.banner} ${styles.bannerRush}`}>
            <p>
              <strong>{rush}.</strong>
            </p>
          </div>
        ) : null}
      </section>

      <main className={styles.main} id="panel">
        {props.children}
      </main>
    </div>
  );
}

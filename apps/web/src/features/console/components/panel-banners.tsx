import { graceEndDay, type BranchConsole } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { panelHref } from '@/config/panel-paths';
import type { Alarm } from '@/lib/alarm/use-alarm';
import { useClock } from '../hooks/use-clock';
import type { Connection } from '../hooks/use-panel-realtime';
import { pauseText, rushText } from '../lib/branch-state';
import { PANEL_MESSAGES } from '../lib/messages';
import { OneLine } from './one-line';
import styles from './panel-shell.module.css';

interface PanelBannersProps {
  branch: BranchConsole;
  connection: Connection;
  alarm: Alarm;
  waiting: number;
  /** In the back office: no alarm band. */
  inAdmin: boolean;
  onResume: () => void;
  resuming: boolean;
  /** Until when this session may wait to turn on the second factor the chain now asks for. */
  secondFactorGraceUntil: string | null;
}

/** "Cerrada por horario" / "Cerrada hoy (excepción)" and when it opens again; null when open. */
function closedText(branch: BranchConsole): { title: string; detail: string } | null {
  if (branch.open_now) return null;
  const title =
    branch.closed_by === 'exception' ? 'Cerrada hoy por horario especial' : 'Cerrada por horario';
  const reopens = branch.reopens ? `${branch.reopens}.` : 'Sin apertura en los próximos días.';
  return { title, detail: `${reopens} Los clientes no pueden pedir ahora.` };
}

/**
 * The bands under the console's header, in words and not only colour: no connection, sound off,
 * orders waiting for an answer, closed by the hours, orders paused, high demand. One line each,
 * so the board keeps the screen: what does not fit opens on `Más`.
 */
export function PanelBanners(props: PanelBannersProps) {
  const { branch, connection, alarm } = props;
  const now = useClock(30_000);
  const paused = pauseText(branch, now);
  const rush = rushText(branch);
  const closed = closedText(branch);
  return (
    <section className={styles.banners} aria-label="Avisos del panel">
      {connection === 'offline' ? (
        <Band tone={styles.bannerOffline} role="alert" title={PANEL_MESSAGES.offline}>
          {PANEL_MESSAGES.offlineDetail}
        </Band>
      ) : null}
      <SoundBanner alarm={alarm} />
      {/* Always there and always as tall, so an order arriving never moves the screen under a
          finger about to tap Aceptar. */}
      {props.inAdmin ? null : <AlarmBanner alarm={alarm} waiting={props.waiting} />}
      {closed ? (
        <Band tone={styles.bannerClosed} testId="closed" title={closed.title}>
          {closed.detail}
        </Band>
      ) : null}
      {paused ? (
        <Band
          tone={styles.bannerPaused}
          title={paused}
          action={
            <button
              type="button"
              className={styles.bannerButton}
              onClick={props.onResume}
              disabled={props.resuming}
            >
              {props.resuming ? 'Reanudando…' : 'Reanudar'}
            </button>
          }
        >
          Los clientes no pueden pedir en esta sede.
        </Band>
      ) : null}
      {rush ? <Band tone={styles.bannerRush} title={rush} /> : null}
      {props.secondFactorGraceUntil ? (
        <Band
          tone={styles.bannerRush}
          testId="second-factor-grace"
          title="Verificación en dos pasos"
          action={
            <Link to={panelHref.security()} className={styles.bannerButton}>
              Activar
            </Link>
          }
        >
          {`Actívala antes del ${graceEndDay(props.secondFactorGraceUntil)}; desde ese día el panel la pide.`}
        </Band>
      ) : null}
    </section>
  );
}

/** One band: its title in bold, the detail after it on the same line, and its button. */
function Band(props: {
  tone: string | undefined;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'alert';
  testId?: string;
}) {
  return (
    <div
      className={`${styles.banner} ${props.tone ?? ''}`}
      role={props.role}
      data-testid={props.testId}
    >
      <OneLine
        text={
          <>
            <strong>{props.title}.</strong> {props.children}
          </>
        }
      />
      {props.action}
    </div>
  );
}

/** The browser will not (or cannot) ring: said, with the tap that lets it when it can. */
function SoundBanner({ alarm }: { alarm: Alarm }) {
  if (alarm.sound !== 'blocked' && alarm.sound !== 'unsupported') return null;
  return (
    <div className={`${styles.banner} ${styles.bannerSound}`}>
      <OneLine
        text={
          <>
            <strong>Sonido desactivado.</strong>{' '}
            {alarm.sound === 'unsupported'
              ? 'Este navegador no puede sonar: mantén el panel a la vista.'
              : 'El navegador no deja sonar la alarma hasta que toques la pantalla.'}
          </>
        }
      />
      {alarm.sound === 'blocked' ? (
        <button type="button" className={styles.bannerButton} onClick={alarm.enableSound}>
          Activar sonido
        </button>
      ) : null}
    </div>
  );
}

/** How many new orders wait for an answer, whether the alarm rings, and Silenciar. */
function AlarmBanner({ alarm, waiting }: { alarm: Alarm; waiting: number }) {
  const tone =
    waiting === 0 ? styles.bannerCalm : alarm.ringing ? styles.bannerRinging : styles.bannerWaiting;
  return (
    <div className={`${styles.banner} ${styles.alarm} ${tone}`} role="status" data-testid="alarm">
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
            {alarm.ringing ? (alarm.sound === 'on' ? ' · sonando' : '') : ' · alarma silenciada'}
          </>
        )}
      </p>
      {waiting > 0 && alarm.ringing ? (
        <button type="button" className={styles.bannerButton} onClick={alarm.silence}>
          Silenciar
        </button>
      ) : null}
    </div>
  );
}

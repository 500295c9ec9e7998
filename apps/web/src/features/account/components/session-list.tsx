import type { SessionSummary } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useSessions } from '../api/get-sessions';
import { deviceName, lastUsedText, startedText } from '../lib/session-format';
import { useEndSessionOnUnauthorized } from '../lib/use-session-guard';
import { ListSkeleton, LoadError } from './list-states';
import styles from './session-list.module.css';

const DeviceIcon = () => (
  <Icon>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M11 18h2" />
  </Icon>
);

/**
 * /sesiones body: every device this account is logged in on, this one first, and a way to log
 * all the others out at once (a lost phone, a shared computer).
 */
export function SessionList() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const unauthorized = useEndSessionOnUnauthorized(sessions.error ?? endOthers.error);
  const [announcement, setAnnouncement] = useState('');

  // The session is being ended; the route sends the visitor away on the next render.
  if (unauthorized) return null;

  if (sessions.isPending) {
    return (
      <ListSkeleton
        className={styles.list}
        itemClassName={styles.skeleton}
        count={2}
        label="Cargando tus sesiones"
      />
    );
  }

  if (sessions.isError)
    return <LoadError query={sessions} message="No pudimos cargar tus sesiones." />;

  const now = new Date();
  // This device first, then the most recently used.
  const list = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current).length;

  return (
    <div className={styles.sessions}>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <ul className={styles.list} aria-label="Dispositivos con tu sesión abierta">
        {list.map((session) => (
          <SessionCard key={session.id} session={session} now={now} />
        ))}
      </ul>

      {others > 0 ? (
        <EndOtherSessions endOthers={endOthers} announce={setAnnouncement} />
      ) : (
        <p className={styles.muted}>Solo tienes la sesión de este dispositivo.</p>
      )}
    </div>
  );
}

/** One device with the account open: what it is, whether it is this one, when it was last used and first logged in. */
function SessionCard({ session, now }: { session: SessionSummary; now: Date }) {
  return (
    <li className={styles.card}>
      <span className={styles.icon}>
        <DeviceIcon />
      </span>
      <div className={styles.text}>
        <h3 className={styles.device}>{deviceName(session.user_agent)}</h3>
        {session.current ? <p className={styles.current}>Este dispositivo</p> : null}
        <p className={styles.muted}>
          {session.current ? 'En uso ahora' : lastUsedText(session.last_used_at, now)}
        </p>
        <p className={styles.muted}>{startedText(session.created_at)}</p>
      </div>
    </li>
  );
}

interface EndOtherSessionsProps {
  endOthers: ReturnType<typeof useEndOtherSessions>;
  /** Says how many sessions were closed, in the list's live region. */
  announce: (text: string) => void;
}

/** "Cerrar las demás sesiones", with why one would, and its failure. */
function EndOtherSessions({ endOthers, announce }: EndOtherSessionsProps) {
  return (
    <div className={styles.actions}>
      <p className={styles.muted}>
        ¿No reconoces un dispositivo? Cierra las demás sesiones: tendrán que iniciar sesión de
        nuevo.
      </p>
      {endOthers.isError ? (
        <p role="alert" className={styles.error}>
          {endOthers.error.message}
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={endOthers.isPending}
        aria-busy={endOthers.isPending || undefined}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) =>
              announce(ended === 1 ? 'Cerramos 1 sesión.' : `Cerramos ${ended} sesiones.`),
          })
        }
      >
        {endOthers.isPending ? 'Cerrando…' : 'Cerrar las demás sesiones'}
      </Button>
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/more-icons';
import { audioContext } from '@/lib/tones';
import styles from './ready-alerts.module.css';

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Hears the permission change: the customer's answer here, or the site's settings meanwhile. */
const answered = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  answered.add(listener);
  let status: PermissionStatus | undefined;
  let active = true;
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((answer) => {
      if (!active) return;
      status = answer;
      answer.addEventListener('change', listener);
    })
    .catch(() => undefined);
  return () => {
    active = false;
    answered.delete(listener);
    status?.removeEventListener('change', listener);
  };
}

function askPermission(): void {
  // The tap that asks also lets this tab play the ready sound later.
  void audioContext()
    ?.resume()
    .catch(() => undefined);
  void Notification.requestPermission().then(
    () => {
      for (const listener of answered) listener();
    },
    () => undefined,
  );
}

/**
 * "Avisarme cuando esté listo": asks for notifications when it helps — an order placed and on its
 * way to ready — and never on a first visit. Nothing is shown where the browser has no
 * notifications (the sound still plays), nor in the server's HTML (it cannot know the permission).
 */
export function ReadyAlerts() {
  const permission = useSyncExternalStore<Permission | null>(
    subscribe,
    currentPermission,
    () => null,
  );

  if (permission === null || permission === 'unsupported') return null;

  if (permission === 'granted') {
    return (
      <p className={`${styles.alerts} ${styles.on}`} data-testid="ready-alerts">
        <BellIcon width="20" height="20" aria-hidden="true" />
        Te avisaremos en este dispositivo cuando tu pedido esté listo.
      </p>
    );
  }

  if (permission === 'denied') {
    return (
      <p className={styles.alerts} data-testid="ready-alerts">
        <BellIcon width="20" height="20" aria-hidden="true" />
        Los avisos están bloqueados en este navegador. Mientras tengas esta página abierta, sonará
        cuando tu pedido esté listo.
      </p>
    );
  }

  return (
    <div className={styles.ask} data-testid="ready-alerts">
      <Button variant="secondary" block className={styles.button} onClick={askPermission}>
        <BellIcon width="20" height="20" aria-hidden="true" />
        Avisarme cuando esté listo
      </Button>
      <p className={styles.hint}>Un aviso en este dispositivo, aunque estés en otra pestaña.</p>
    </div>
  );
}

import { useConsent, usePositionSharing } from '../hooks/use-position-sharing';
import styles from './courier.module.css';

/** Who sees the position and for how long, said before the phone asks for it. */
export const POSITION_EXPLANATION =
  'Tu ubicación la ven la sede y los clientes de este viaje mientras dura; se borra 24 h después.';

/**
 * While the trip is out: the position shared (after the courier agrees, with the explanation
 * first), so the customers' arrival estimate moves with them; nothing once the trip is done.
 */
export function PositionCard({ active }: { active: boolean }) {
  const [consent, setConsent] = useConsent();
  const sharing = usePositionSharing(active, consent);
  if (!active) return null;
  if (!consent) {
    return (
      <div className={styles.consent}>
        <p>
          <strong>¿Compartes tu ubicación durante el viaje?</strong> Así el cliente ve cuándo
          llegas. {POSITION_EXPLANATION}
        </p>
        <button type="button" className={styles.messageButton} onClick={() => setConsent(true)}>
          Compartir ubicación
        </button>
      </div>
    );
  }
  return (
    <p className={styles.sharing} role="status">
      {sharing === 'on'
        ? 'Compartiendo tu ubicación con la sede y los clientes de este viaje.'
        : sharing === 'denied'
          ? 'El teléfono no deja usar tu ubicación: actívala en los permisos del navegador.'
          : sharing === 'unsupported'
            ? 'Este teléfono no puede compartir la ubicación.'
            : 'Buscando tu ubicación…'}{' '}
      {sharing === 'on' || sharing === 'waiting' ? (
        <button type="button" className={styles.inlineButton} onClick={() => setConsent(false)}>
          Dejar de compartir
        </button>
      ) : null}
    </p>
  );
}

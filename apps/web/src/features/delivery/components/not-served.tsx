import { Button } from '@/components/ui/button';
import { StoreIcon } from '@/components/ui/icons';
import styles from './delivery-step.module.css';

/** No branch delivers to the neighbourhood: said plainly, with the way to still order (pickup). */
export function NotServed({
  neighbourhood,
  onPickup,
}: {
  neighbourhood: string;
  onPickup: () => void;
}) {
  return (
    <div className={styles.notServed} role="alert">
      <p className={styles.notServedLead}>
        Ninguna sede hace domicilios a {neighbourhood} por ahora.
      </p>
      <p>Puedes pedir y recoger tu pedido en la sede que prefieras.</p>
      <Button variant="secondary" onClick={onPickup}>
        <StoreIcon /> Recoger en una sede
      </Button>
    </div>
  );
}

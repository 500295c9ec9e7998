import type { Address } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { PinIcon } from '@/components/ui/more-icons';
import type { AddressPick } from '../lib/use-address-book-state';
import styles from './address-book.module.css';

interface AddressCardProps {
  address: Address;
  pick: AddressPick | undefined;
  onEdit: () => void;
  onDelete: () => void;
}

/** One saved address: where it is, `Entregar aquí` on /domicilio, `Editar` and `Eliminar`. */
export function AddressCard({ address, pick, onEdit, onDelete }: AddressCardProps) {
  const chosen = pick?.chosenId === address.id;
  return (
    <li className={`${styles.card} ${chosen ? styles.chosen : ''}`}>
      <div className={styles.head}>
        <span className={styles.pin}>
          <PinIcon />
        </span>
        <h2 className={styles.label} tabIndex={-1} data-focus={`address-${address.id}`}>
          {address.label}
        </h2>
      </div>
      <p className={styles.street}>{address.address}</p>
      <p className={styles.muted}>
        {address.neighbourhood}, {address.city}
      </p>
      {address.notes ? <p className={styles.muted}>{address.notes}</p> : null}
      {pick ? (
        <Button
          block
          variant={chosen ? 'primary' : 'secondary'}
          aria-pressed={chosen}
          onClick={() => pick.onPick(address)}
        >
          {/* A toggle keeps its name; aria-pressed (and the card's outline) says it is the one. */}
          Entregar aquí
          <span className="visually-hidden"> ({address.label})</span>
        </Button>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          data-focus={`edit-${address.id}`}
          aria-label={`Editar ${address.label}`}
          onClick={onEdit}
        >
          Editar
        </Button>
        <Button
          variant="ghost"
          className={styles.delete}
          data-focus={`delete-${address.id}`}
          aria-label={`Eliminar ${address.label}`}
          onClick={onDelete}
        >
          Eliminar
        </Button>
      </div>
    </li>
  );
}

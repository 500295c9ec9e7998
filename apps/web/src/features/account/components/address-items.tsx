import type { Address, AddressBody } from '@comanda/shared';
import { PinIcon } from '@/components/ui/more-icons';
import type { AddressBookState, AddressPick } from '../lib/use-address-book-state';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';
import { EmptyState } from './empty-state';
import styles from './address-book.module.css';
import type { ServedNeighbourhood } from '@/entities/delivery/api/get-neighbourhoods';

interface AddressItemsProps {
  list: readonly Address[];
  book: AddressBookState;
  neighbourhoods: readonly ServedNeighbourhood[] | undefined;
  pick: AddressPick | undefined;
  onSave: (id: number, body: AddressBody) => Promise<Address>;
  onDelete: (address: Address) => void;
}

/** The saved addresses, each a card or, while edited, its form (or a word that there are none). */
export function AddressItems({
  list,
  book,
  neighbourhoods,
  pick,
  onSave,
  onDelete,
}: AddressItemsProps) {
  const { editing } = book;
  if (list.length === 0 && editing?.kind !== 'new') {
    return (
      <EmptyState icon={<PinIcon />} title="Aún no tienes direcciones guardadas">
        <p>Guarda tu casa o tu oficina para pedir a domicilio más rápido.</p>
      </EmptyState>
    );
  }
  return (
    <ul className={styles.list} aria-label="Tus direcciones">
      {list.map((address) =>
        editing?.kind === 'edit' && editing.id === address.id ? (
          <li key={address.id} className={styles.card}>
            <h2 className={styles.formTitle}>Editar {address.label}</h2>
            <AddressForm
              neighbourhoods={neighbourhoods}
              initial={address}
              onSave={(body) => onSave(address.id, body)}
              onSaved={(saved) => {
                book.setAnnouncement(`Guardamos los cambios de ${saved.label}.`);
                book.closeForm(`edit-${saved.id}`);
                // Its neighbourhood may have changed: where the order goes follows.
                if (pick?.chosenId === saved.id) pick.onPick(saved);
              }}
              onCancel={() => book.closeForm(`edit-${address.id}`)}
            />
          </li>
        ) : (
          <AddressCard
            key={address.id}
            address={address}
            pick={pick}
            onEdit={() => book.setEditing({ kind: 'edit', id: address.id })}
            onDelete={() => onDelete(address)}
          />
        ),
      )}
    </ul>
  );
}

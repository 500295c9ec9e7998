import type { Address, AddressBody } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { PinIcon } from '@/components/ui/more-icons';
import type { AddressBookState, AddressPick } from '../lib/use-address-book-state';
import { AddressForm } from './address-form';
import styles from './address-book.module.css';
import type { ServedNeighbourhood } from '@/entities/delivery/api/get-neighbourhoods';

interface NewAddressProps {
  book: AddressBookState;
  neighbourhoods: readonly ServedNeighbourhood[] | undefined;
  neighbourhood: string | undefined;
  pick: AddressPick | undefined;
  onSave: (body: AddressBody) => Promise<Address>;
}

/** "Agregar dirección", and in its place the new address's form once asked for. */
export function NewAddress({ book, neighbourhoods, neighbourhood, pick, onSave }: NewAddressProps) {
  if (book.editing?.kind !== 'new') {
    return (
      <Button
        className={styles.add}
        data-focus="add"
        onClick={() => book.setEditing({ kind: 'new' })}
      >
        <PinIcon />
        Agregar dirección
      </Button>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="nueva-direccion">
      <h2 id="nueva-direccion" className={styles.formTitle}>
        Nueva dirección
      </h2>
      <AddressForm
        neighbourhoods={neighbourhoods}
        neighbourhood={neighbourhood}
        onSave={onSave}
        onSaved={(saved) => {
          book.setAnnouncement(`Guardamos ${saved.label}.`);
          book.closeForm(`address-${saved.id}`);
          pick?.onPick(saved);
        }}
        onCancel={() => book.closeForm('add')}
      />
    </section>
  );
}

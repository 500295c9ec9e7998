import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { useEndSessionOnUnauthorized } from '../lib/use-session-guard';
import { useAddressBookState, type AddressPick } from '../lib/use-address-book-state';
import { AddressItems } from './address-items';
import { DeleteAddressDialog } from './delete-address-dialog';
import { ListSkeleton, LoadError } from './list-states';
import { NewAddress } from './new-address';
import styles from './address-book.module.css';
import type { ServedNeighbourhood } from '@/entities/delivery/api/get-neighbourhoods';

interface AddressBookProps {
  /** The served neighbourhoods, for the form's `Barrio` (see AddressForm). */
  neighbourhoods?: readonly ServedNeighbourhood[] | undefined;
  /** A new address's `Barrio` to start with (the neighbourhood chosen before logging in). */
  neighbourhood?: string | undefined;
  /**
   * /domicilio: each address can be chosen as where the order goes (`Entregar aquí`); a new one
   * is chosen as soon as it is saved.
   */
  pick?: AddressPick | undefined;
}

/** /direcciones and /domicilio body: the customer's addresses, to add, edit and delete (and, on /domicilio, to deliver to). */
export function AddressBook({ neighbourhoods, neighbourhood, pick }: AddressBookProps = {}) {
  const addresses = useAddresses();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const unauthorized = useEndSessionOnUnauthorized(
    addresses.error ?? create.error ?? update.error ?? remove.error,
  );
  const { root, book } = useAddressBookState(addresses.data);

  if (unauthorized) return null;

  if (addresses.isPending) {
    return (
      <ListSkeleton
        className={styles.list}
        itemClassName={styles.skeleton}
        count={2}
        label="Cargando tus direcciones"
      />
    );
  }

  if (addresses.isError)
    return <LoadError query={addresses} message="No pudimos cargar tus direcciones." />;

  return (
    <div ref={root} className={styles.book}>
      <p role="status" className="visually-hidden">
        {book.announcement}
      </p>
      <NewAddress
        book={book}
        neighbourhoods={neighbourhoods}
        neighbourhood={neighbourhood}
        pick={pick}
        onSave={(body) => create.mutateAsync(body)}
      />
      <AddressItems
        list={addresses.data}
        book={book}
        neighbourhoods={neighbourhoods}
        pick={pick}
        onSave={(id, body) => update.mutateAsync({ id, body })}
        onDelete={(address) => {
          remove.reset();
          book.setDeleting(address);
        }}
      />
      <DeleteAddressDialog book={book} remove={remove} />
    </div>
  );
}

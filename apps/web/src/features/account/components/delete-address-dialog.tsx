import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { useDeleteAddress } from '../api/delete-address';
import type { AddressBookState } from '../lib/use-address-book-state';
import styles from './address-book.module.css';

interface DeleteAddressDialogProps {
  book: AddressBookState;
  remove: ReturnType<typeof useDeleteAddress>;
}

/** "¿Eliminar esta dirección?" for the address the book is asked to delete. */
export function DeleteAddressDialog({ book, remove }: DeleteAddressDialogProps) {
  const { deleting } = book;
  return (
    <ConfirmDialog
      open={deleting !== null}
      title="¿Eliminar esta dirección?"
      confirmLabel="Eliminar"
      busyLabel="Eliminando…"
      busy={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onClose={() => {
        if (remove.isPending) return;
        const id = deleting?.id;
        book.setDeleting(null);
        if (id !== undefined) book.focusOn(`delete-${id}`);
      }}
      onConfirm={() => {
        if (!deleting) return;
        const gone = deleting;
        remove.mutate(gone.id, {
          onSuccess: () => {
            book.setAnnouncement(`Eliminamos ${gone.label}.`);
            book.setDeleting(null);
            book.focusOn('add');
          },
        });
      }}
    >
      {deleting ? (
        <p className={styles.confirmText}>
          <strong>{deleting.label}</strong>: {deleting.address}, {deleting.neighbourhood}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

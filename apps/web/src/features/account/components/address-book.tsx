import type { Address } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PinIcon } from '@/components/ui/more-icons';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { useEndSessionOnUnauthorized } from '../lib/use-session-guard';
import { AddressForm } from './address-form';
import { EmptyState } from './empty-state';
import styles from './address-book.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

interface AddressBookProps {
  /** The served neighbourhoods, for the form's `Barrio` (see AddressForm). */
  neighbourhoods?: readonly string[] | undefined;
  /** A new address's `Barrio` to start with (the neighbourhood chosen before logging in). */
  neighbourhood?: string | undefined;
  /**
   * /domicilio: each address can be chosen as where the order goes (`Entregar aquí`); a new one
   * is chosen as soon as it is saved.
   */
  pick?: { chosenId: number | null; onPick: (address: Address) => void } | undefined;
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

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a change, focus goes to what changed (or to "Agregar" when it is gone), never to nothing.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = root.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`);
    if (!target) return;
    target.focus();
    setFocusTarget(null);
  }, [focusTarget, addresses.data, editing]);

  if (unauthorized) return null;

  if (addresses.isPending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label="Cargando tus direcciones">
        {[0, 1].map((key) => (
          <div key={key} className={styles.skeleton} />
        ))}
      </div>
    );
  }

  if (addresses.isError) {
    return (
      <ErrorState
        message="No pudimos cargar tus direcciones."
        detail={addresses.error.message}
        onRetry={() => void addresses.refetch()}
        retrying={addresses.isFetching}
      />
    );
  }

  const list = addresses.data;
  const closeForm = (focus: string) => {
    setEditing(null);
    setFocusTarget(focus);
  };

  return (
    <div ref={root} className={styles.book}>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {editing?.kind === 'new' ? (
        <section className={styles.card} aria-labelledby="nueva-direccion">
          <h2 id="nueva-direccion" className={styles.formTitle}>
            Nueva dirección
          </h2>
          <AddressForm
            neighbourhoods={neighbourhoods}
            neighbourhood={neighbourhood}
            onSave={(body) => create.mutateAsync(body)}
            onSaved={(saved) => {
              setAnnouncement(`Guardamos ${saved.label}.`);
              closeForm(`address-${saved.id}`);
              pick?.onPick(saved);
            }}
            onCancel={() => closeForm('add')}
          />
        </section>
      ) : (
        <Button className={styles.add} data-focus="add" onClick={() => setEditing({ kind: 'new' })}>
          <PinIcon />
          Agregar dirección
        </Button>
      )}

      {list.length === 0 && editing?.kind !== 'new' ? (
        <EmptyState icon={<PinIcon />} title="Aún no tienes direcciones guardadas">
          <p>Guarda tu casa o tu oficina para pedir a domicilio más rápido.</p>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Tus direcciones">
          {list.map((address) =>
            editing?.kind === 'edit' && editing.id === address.id ? (
              <li key={address.id} className={styles.card}>
                <h2 className={styles.formTitle}>Editar {address.label}</h2>
                <AddressForm
                  neighbourhoods={neighbourhoods}
                  initial={address}
                  onSave={(body) => update.mutateAsync({ id: address.id, body })}
                  onSaved={(saved) => {
                    setAnnouncement(`Guardamos los cambios de ${saved.label}.`);
                    closeForm(`edit-${saved.id}`);
                    // Its neighbourhood may have changed: where the order goes follows.
                    if (pick?.chosenId === saved.id) pick.onPick(saved);
                  }}
                  onCancel={() => closeForm(`edit-${address.id}`)}
                />
              </li>
            ) : (
              <li
                key={address.id}
                className={`${styles.card} ${pick?.chosenId === address.id ? styles.chosen : ''}`}
              >
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
                    variant={pick.chosenId === address.id ? 'primary' : 'secondary'}
                    aria-pressed={pick.chosenId === address.id}
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
                    onClick={() => setEditing({ kind: 'edit', id: address.id })}
                  >
                    Editar
                  </Button>
                  <Button
                    variant="ghost"
                    className={styles.delete}
                    data-focus={`delete-${address.id}`}
                    aria-label={`Eliminar ${address.label}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(address);
                    }}
                  >
                    Eliminar
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}

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
          setDeleting(null);
          if (id !== undefined) setFocusTarget(`delete-${id}`);
        }}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          remove.mutate(gone.id, {
            onSuccess: () => {
              setAnnouncement(`Eliminamos ${gone.label}.`);
              setDeleting(null);
              setFocusTarget('add');
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
    </div>
  );
}

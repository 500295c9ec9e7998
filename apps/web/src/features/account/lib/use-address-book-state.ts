import type { Address } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';

/** Which form the address book shows: a new address's, one address's, or none. */
export type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** /domicilio: the address the order goes to, and how another one is chosen. */
export interface AddressPick {
  chosenId: number | null;
  onPick: (address: Address) => void;
}

export type AddressBookState = ReturnType<typeof useAddressBookState>['book'];

/**
 * What the address book is doing: the open form, the address awaiting its deletion, what the
 * live region last said, and where focus goes next. Held above the book's loading and error
 * states, so a failed refetch does not forget them.
 */
export function useAddressBookState(list: readonly Address[] | undefined) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a change, focus goes to what changed (or to "Agregar" when it is gone), never to nothing.
  const [focusTarget, focusOn] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // The target (`data-focus`) may only exist once the list or the form has rendered again.
  useEffect(() => {
    if (!focusTarget) return;
    const target = root.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`);
    if (!target) return;
    target.focus();
    focusOn(null);
  }, [focusTarget, list, editing]);

  const closeForm = (focus: string) => {
    setEditing(null);
    focusOn(focus);
  };

  // The ref apart from the rest: an object holding a ref counts as one, which a render must not read.
  return {
    root,
    book: {
      editing,
      setEditing,
      closeForm,
      deleting,
      setDeleting,
      announcement,
      setAnnouncement,
      focusOn,
    },
  };
}

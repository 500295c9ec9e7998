import { lineTotal, type ModifierGroup, type Product } from '@comanda/shared';
import { useRef, useState } from 'react';
import { cartItemFrom } from '@/entities/cart-item/lib/cart-item';
import { randomId } from '@/lib/random-id';
import type { CartItem } from '@/stores/session-store';
import {
  applySelection,
  choose,
  initialSelection,
  missingGroupsMessage,
  missingRequiredGroups,
  type Selection,
} from './product-options';

export type ProductChoices = ReturnType<typeof useProductChoices>['choices'];

/**
 * What the customer is making of a product: the options chosen in its groups, the quantity, the
 * price of both, and "Agregar", which adds the line or, while a required group has no choice,
 * points at the first such group. `groupsRef` is the groups' box, where that group is found.
 */
export function useProductChoices(
  product: Product,
  onAdd: (item: CartItem) => void,
  onLeave: () => void,
) {
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(product.modifier_group),
  );
  const [quantity, setQuantity] = useState(1);
  // The customer's note for the kitchen on this line («Sin cebolla», decision 085).
  const [note, setNote] = useState('');
  const [triedToAdd, setTriedToAdd] = useState(false);
  const groupsRef = useRef<HTMLDivElement>(null);

  const groups = applySelection(product.modifier_group, selection);
  const missing = missingRequiredGroups(groups);
  // product.md «Wire contract»: the one pricing function, on the product with the customer's choices.
  const total = lineTotal({ price: product.price, modifier_group: groups }, quantity);

  const changeQuantity = (next: number) => {
    if (next <= 0) onLeave();
    else setQuantity(next);
  };

  const add = () => {
    const firstMissing = missing[0];
    if (firstMissing) {
      // The button only looks disabled (aria-disabled), so a tap can show where the gap is.
      setTriedToAdd(true);
      const fieldset = groupsRef.current?.querySelector<HTMLFieldSetElement>(
        `fieldset[data-group-id="${firstMissing.id}"]`,
      );
      // Centred, so the sticky add bar does not cover the group it points at.
      fieldset?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      fieldset?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    onAdd(cartItemFrom(product, groups, quantity, randomId(), note));
    onLeave();
  };

  const chooseOption = (group: ModifierGroup, optionId: number) =>
    setSelection((current) => choose(current, group, optionId));

  // The ref apart from the rest: an object holding a ref counts as one, which a render must not read.
  return {
    groupsRef,
    choices: {
      groups,
      missingMessage: missingGroupsMessage(missing),
      total,
      quantity,
      changeQuantity,
      note,
      changeNote: setNote,
      triedToAdd,
      add,
      chooseOption,
    },
  };
}

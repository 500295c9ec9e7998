import type { Branch } from '@comanda/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSession, type CartItem } from '@/stores/session-store';
import { useBranchProducts } from '../api/get-branch-products';
import { distinctSlugs } from '../lib/cart-lines';
import { checkCart, checkSignature, withNewPrices, type CartCheck } from '../lib/reconcile-cart';
import { CartChanges, CartUpdated, CheckFailed, type Repriced } from './cart-check-notices';
import styles from './cart-branch-check.module.css';

// Module-level so a dismissed notice stays dismissed when the layout unmounts and remounts this
// (the cart emptied and filled again) during the visit.
let dismissedSignature: string | null = null;

/**
 * "Cart meets branch": the cart is re-checked against the stored branch's menu, so a branch
 * switch never carries old prices or sold-out products to checkout. New prices are applied at
 * once and said line by line (before → now); lines the branch cannot sell are flagged for the
 * customer to remove (`Quitar lo no disponible`). The layout mounts it lazily, only while the cart
 * holds something.
 */
export default function CartBranchCheck() {
  const branch = useSession((state) => state.branch);
  const cart = useSession((state) => state.cart);
  const replaceCart = useSession((state) => state.replaceCart);
  if (!branch || cart.length === 0) return <div role="status" />;
  return <BranchCheck branch={branch} cart={cart} replaceCart={replaceCart} />;
}

interface BranchCheckProps {
  branch: Branch;
  cart: CartItem[];
  replaceCart: (cart: CartItem[]) => void;
}

function BranchCheck({ branch, cart, replaceCart }: BranchCheckProps) {
  const { answers, check, signature } = useCartCheck(branch, cart);

  const [dismissed, setDismissed] = useState(dismissedSignature);
  // The prices just applied, said until the customer closes the notice.
  const [repriced, setRepriced] = useNewPrices(branch, cart, check, replaceCart);
  // The confirmation after an update goes by itself; the customer already saw the cart change.
  const [updatedAt, setUpdatedAt] = useShortLived<string>(6000);
  const box = useRef<HTMLDivElement>(null);

  // A branch switched from far down a screen: bring what changed into view once.
  const shown = signature !== null && signature !== dismissed ? signature : null;
  useEffect(() => {
    if (shown || repriced) box.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, repriced]);

  const dismiss = (value: string | null) => {
    dismissedSignature = value;
    setDismissed(value);
    setUpdatedAt(null);
    setRepriced(null);
    // The button that had focus is gone: hand focus to the screen rather than to nothing.
    document.getElementById('contenido')?.focus();
  };

  const removeUnavailable = (next: CartItem[]) => {
    replaceCart(next);
    setRepriced(null);
    setUpdatedAt(branch.title);
    box.current?.focus();
  };

  const errorSignature = `error|${branch.id}`;
  const content =
    answers.isError && !answers.data && dismissed !== errorSignature ? (
      <CheckFailed
        branchTitle={branch.title}
        answers={answers}
        onClose={() => dismiss(errorSignature)}
      />
    ) : (check && shown) || repriced ? (
      <CartChanges
        branchTitle={branch.title}
        unavailable={check && shown ? check.unavailable : []}
        repriced={repriced}
        onRemoveUnavailable={check ? () => removeUnavailable(check.next) : null}
        onClose={() => dismiss(signature)}
      />
    ) : updatedAt ? (
      <CartUpdated branchTitle={updatedAt} onClose={() => dismiss(dismissed)} />
    ) : null;

  // The live region is always in the page, so what appears in it is announced.
  return (
    <div
      ref={box}
      role="status"
      tabIndex={-1}
      className={
        content ? `${styles.notice} ${updatedAt && !signature ? styles.done : ''}` : undefined
      }
    >
      {content}
    </div>
  );
}

/**
 * The cart checked against the branch's products: what to change (none until they are read),
 * and the signature of its unavailable lines, by which a closed notice stays closed.
 */
function useCartCheck(branch: Branch, cart: CartItem[]) {
  const slugs = useMemo(() => distinctSlugs(cart), [cart]);
  const answers = useBranchProducts(slugs, branch.id);
  const check = answers.data ? checkCart(cart, answers.data) : null;
  const signature = check && check.unavailable.length > 0 ? checkSignature(branch.id, check) : null;
  return { answers, check, signature };
}

/**
 * New prices go in at once; what changed is told. Once applied, the next check finds nothing
 * to re-price, so each change is applied (and noted) once. Returns the prices last applied,
 * kept until cleared.
 */
function useNewPrices(
  branch: Branch,
  cart: CartItem[],
  check: CartCheck | null,
  replaceCart: (cart: CartItem[]) => void,
) {
  const [repriced, setRepriced] = useState<Repriced | null>(null);
  const pending = check && check.repriced.length > 0 ? check : null;
  const pendingKey = pending
    ? `${branch.id}|${pending.repriced.map(({ line, after }) => `${line._id}:${after}`).join(',')}`
    : null;
  const [notedKey, setNotedKey] = useState<string | null>(null);
  if (pending && pendingKey !== notedKey) {
    // Adjusting this component's own state while rendering: React re-renders at once.
    setNotedKey(pendingKey);
    setRepriced({ title: branch.title, lines: pending.repriced });
  }
  useEffect(() => {
    if (pending) replaceCart(withNewPrices(cart, pending));
  }, [pending, cart, replaceCart]);
  return [repriced, setRepriced] as const;
}

/** A value that clears itself `ms` after it was last set. */
function useShortLived<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!value) return;
    const timer = window.setTimeout(() => setValue(null), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue] as const;
}

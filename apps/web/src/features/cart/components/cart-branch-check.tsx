import { formatMoney, type Branch } from '@comanda/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { CloseIcon } from '@/components/ui/more-icons';
import { useSession, type CartItem } from '@/stores/session-store';
import { useBranchProducts } from '../api/get-branch-products';
import { distinctSlugs } from '../lib/cart-lines';
import {
  checkCart,
  checkSignature,
  repricedText,
  unavailableText,
  withNewPrices,
  type RepricedLine,
} from '../lib/reconcile-cart';
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
  const slugs = useMemo(() => distinctSlugs(cart), [cart]);
  const answers = useBranchProducts(slugs, branch.id);
  const check = answers.data ? checkCart(cart, answers.data) : null;
  const signature = check && check.unavailable.length > 0 ? checkSignature(branch.id, check) : null;

  const [dismissed, setDismissed] = useState(dismissedSignature);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  // The prices just applied, said until the customer closes the notice.
  const [repriced, setRepriced] = useState<{ title: string; lines: RepricedLine[] } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // New prices go in at once; what changed is told. Once applied, the next check finds nothing
  // to re-price, so each change is applied (and noted) once.
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

  // The confirmation after an update goes by itself; the customer already saw the cart change.
  useEffect(() => {
    if (!updatedAt) return;
    const timer = window.setTimeout(() => setUpdatedAt(null), 6000);
    return () => window.clearTimeout(timer);
  }, [updatedAt]);

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

  let content = null;
  const errorSignature = `error|${branch.id}`;
  if (answers.isError && !answers.data && dismissed !== errorSignature) {
    content = (
      <>
        <AlertIcon className={styles.icon} />
        <div className={styles.text}>
          <p className={styles.headline}>No pudimos revisar tu carrito para {branch.title}.</p>
          <p className={styles.detail}>{answers.error?.message}</p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void answers.refetch()}
            disabled={answers.isFetching}
          >
            {answers.isFetching ? 'Reintentando…' : 'Reintentar'}
          </Button>
          <button
            type="button"
            className={styles.close}
            aria-label="Cerrar aviso del carrito"
            onClick={() => dismiss(errorSignature)}
          >
            <CloseIcon />
          </button>
        </div>
      </>
    );
  } else if ((check && shown) || repriced) {
    const unavailable = check && shown ? check.unavailable : [];
    content = (
      <>
        <AlertIcon className={styles.icon} />
        <div className={styles.text}>
          {unavailable.length > 0 ? (
            <div>
              <p className={styles.headline}>{unavailableText(unavailable.length, branch.title)}</p>
              <ul className={styles.items}>
                {unavailable.map(({ line }) => (
                  <li key={line._id}>{line.title}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {repriced ? (
            <div>
              <p className={styles.headline}>
                {repricedText(repriced.lines.length)} para {repriced.title}
              </p>
              <ul className={styles.items}>
                {repriced.lines.map(({ line, before, after }) => (
                  <li key={line._id}>
                    {line.title}:{' '}
                    <s>
                      <span className="visually-hidden">antes </span>
                      {formatMoney(before)}
                    </s>{' '}
                    <span aria-hidden="true">→ </span>
                    <span className="visually-hidden">ahora </span>
                    {formatMoney(after)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className={styles.actions}>
          {unavailable.length > 0 && check ? (
            <Button
              onClick={() => {
                replaceCart(check.next);
                setRepriced(null);
                setUpdatedAt(branch.title);
                box.current?.focus();
              }}
            >
              Quitar lo no disponible
            </Button>
          ) : null}
          <button
            type="button"
            className={styles.close}
            aria-label="Cerrar aviso del carrito"
            onClick={() => dismiss(signature)}
          >
            <CloseIcon />
          </button>
        </div>
      </>
    );
  } else if (updatedAt) {
    content = (
      <>
        <p className={`${styles.text} ${styles.headline}`}>
          Listo: tu carrito quedó al día para {updatedAt}.
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.close}
            aria-label="Cerrar aviso del carrito"
            onClick={() => dismiss(dismissed)}
          >
            <CloseIcon />
          </button>
        </div>
      </>
    );
  }

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

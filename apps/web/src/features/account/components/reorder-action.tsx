import type { PastOrder } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button, buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { useReorder } from '../lib/use-reorder';
import { ReorderReport } from './reorder-report';
import styles from './reorder-action.module.css';

/**
 * "Volver a pedir": rebuilds the order in the cart at the branch chosen now, then says plainly
 * what went in, what changed price and what could not be added, with a way to the cart.
 */
export function ReorderAction({ order }: { order: PastOrder }) {
  const branch = useSession((state) => state.branch);
  const cartCount = useSession((state) => state.cart.length);
  const reorder = useReorder();
  const [needsBranch, setNeedsBranch] = useState(false);
  /** The cart already holds something: add to it, or replace it? Asked before anything changes. */
  const [asking, setAsking] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const outcome = reorder.data;

  // The answer takes the focus the button had, so a screen reader reads it and Tab goes on to "Ver carrito".
  useEffect(() => {
    if (needsBranch || asking || outcome || reorder.isError) notice.current?.focus();
  }, [needsBranch, asking, outcome, reorder.isError]);

  const run = (replace: boolean) => {
    if (!branch) return;
    setAsking(false);
    reorder.mutate({ order, branch, replace });
  };
  const start = () => {
    if (!branch) {
      setNeedsBranch(true);
      return;
    }
    setNeedsBranch(false);
    if (cartCount > 0) setAsking(true);
    else run(false);
  };

  return (
    <>
      <Button
        onClick={start}
        disabled={reorder.isPending}
        aria-busy={reorder.isPending || undefined}
      >
        {reorder.isPending ? 'Revisando…' : 'Volver a pedir'}
      </Button>
      <div
        ref={notice}
        tabIndex={-1}
        role="status"
        className={styles.region}
        aria-label={`Volver a pedir el pedido ${order.id}`}
      >
        {needsBranch ? (
          <ChooseBranchFirst />
        ) : asking ? (
          <AddOrReplace onAdd={() => run(false)} onReplace={() => run(true)} />
        ) : reorder.isError ? (
          <div className={`${styles.notice} ${styles.bad}`}>
            <p className={styles.lead}>No pudimos revisar los productos de este pedido.</p>
            <p>{reorder.error.message}</p>
            <Button variant="secondary" onClick={() => run(reorder.variables?.replace ?? false)}>
              Reintentar
            </Button>
          </div>
        ) : outcome ? (
          <ReorderReport outcome={outcome} />
        ) : null}
      </div>
    </>
  );
}

/** No branch chosen yet: the order is checked against one, so it is chosen first. */
function ChooseBranchFirst() {
  return (
    <div className={styles.notice}>
      <p className={styles.lead}>Primero elige la sede donde quieres pedir.</p>
      <p>Revisamos los productos y los precios de esa sede antes de agregarlos.</p>
      <Link to={paths.pickupBranches.getHref()} className={buttonClass('secondary')}>
        Elegir sede
      </Link>
    </div>
  );
}

/** The cart already holds something: the order joins it or takes its place, as the customer says. */
function AddOrReplace({ onAdd, onReplace }: { onAdd: () => void; onReplace: () => void }) {
  return (
    <div className={styles.notice}>
      <p className={styles.lead}>Tu carrito ya tiene productos.</p>
      <p>¿Agregamos este pedido a lo que tienes, o lo reemplazamos?</p>
      <div className={styles.links}>
        <Button onClick={onAdd}>Agregar al carrito</Button>
        <Button variant="secondary" onClick={onReplace}>
          Reemplazar el carrito
        </Button>
      </div>
    </div>
  );
}

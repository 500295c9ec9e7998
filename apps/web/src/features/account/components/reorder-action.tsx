import type { PastOrder } from '@comanda/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { addedText, keptTypeText, priceChangeText, problemText } from '../lib/reorder';
import { useReorder } from '../lib/use-reorder';
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
          <div className={styles.notice}>
            <p className={styles.lead}>Primero elige la sede donde quieres pedir.</p>
            <p>Revisamos los productos y los precios de esa sede antes de agregarlos.</p>
            <Link to={paths.pickupBranches.getHref()} className={buttonClass('secondary')}>
              Elegir sede
            </Link>
          </div>
        ) : asking ? (
          <div className={styles.notice}>
            <p className={styles.lead}>Tu carrito ya tiene productos.</p>
            <p>¿Agregamos este pedido a lo que tienes, o lo reemplazamos?</p>
            <div className={styles.links}>
              <Button onClick={() => run(false)}>Agregar al carrito</Button>
              <Button variant="secondary" onClick={() => run(true)}>
                Reemplazar el carrito
              </Button>
            </div>
          </div>
        ) : reorder.isError ? (
          <div className={`${styles.notice} ${styles.bad}`}>
            <p className={styles.lead}>No pudimos revisar los productos de este pedido.</p>
            <p>{reorder.error.message}</p>
            <Button variant="secondary" onClick={() => run(reorder.variables?.replace ?? false)}>
              Reintentar
            </Button>
          </div>
        ) : outcome ? (
          <div
            className={`${styles.notice} ${outcome.items.length > 0 ? styles.good : styles.bad}`}
          >
            <p className={styles.lead}>{addedText(outcome.items, outcome.branchTitle)}</p>
            <p className={outcome.kept.kind === 'delivery-ask' ? styles.ask : undefined}>
              {keptTypeText(outcome.kept, outcome.branchTitle)}
            </p>
            {outcome.problems.length > 0 || outcome.priceChanges.length > 0 ? (
              <ul className={styles.changes}>
                {outcome.problems.map((problem, index) => (
                  <li key={`p${index}`}>
                    <strong>No agregado:</strong> {problemText(problem, outcome.branchTitle)}
                  </li>
                ))}
                {outcome.priceChanges.map((change, index) => (
                  <li key={`c${index}`}>{priceChangeText(change)}</li>
                ))}
              </ul>
            ) : null}
            <div className={styles.links}>
              {outcome.kept.kind === 'delivery-ask' ? (
                <Link to={paths.deliveryAddresses.getHref()} className={buttonClass()}>
                  Elegir dirección
                </Link>
              ) : null}
              {outcome.items.length > 0 ? (
                <Link
                  to={paths.cart.getHref()}
                  className={buttonClass(
                    outcome.kept.kind === 'delivery-ask' ? 'secondary' : 'primary',
                  )}
                >
                  Ver carrito
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}

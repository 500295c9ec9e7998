import { useEffect, useRef } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass, Button } from '@/components/ui/button';
import { ReceiptIcon } from '@/components/ui/more-icons';
import { paths } from '@/config/paths';
import { useCartHistory } from '../api/get-cart-history';
import { useEndSessionOnUnauthorized } from '../lib/use-session-guard';
import { EmptyState } from './empty-state';
import { ListSkeleton, LoadError } from './list-states';
import { PastOrderCard } from './past-order-card';
import styles from './order-history.module.css';

/** /pedidos body: the customer's past orders, newest first, a page at a time ("Ver más"). */
export function OrderHistory() {
  const history = useCartHistory();
  const unauthorized = useEndSessionOnUnauthorized(history.error);
  const list = useRef<HTMLOListElement>(null);
  // Where the newly loaded page starts: its first order takes the focus "Ver más" had.
  const focusFrom = useRef<number | null>(null);
  const orders = history.data?.pages.flatMap((page) => page.results) ?? [];
  const total = history.data?.pages.at(-1)?.total ?? 0;

  useEffect(() => {
    if (focusFrom.current === null || orders.length <= focusFrom.current) return;
    const heading = list.current?.children[focusFrom.current]?.querySelector<HTMLElement>('h2');
    focusFrom.current = null;
    heading?.focus();
  }, [orders.length]);

  // The session is being ended; the route sends the visitor away on the next render.
  if (unauthorized) return null;

  if (history.isPending) {
    return (
      <ListSkeleton
        className={styles.list}
        itemClassName={styles.skeleton}
        count={3}
        label="Cargando tus pedidos"
      />
    );
  }

  if (history.isError && orders.length === 0)
    return <LoadError query={history} message="No pudimos cargar tus pedidos." />;

  if (orders.length === 0) return <NoOrders />;

  return (
    <>
      <ol ref={list} className={styles.list} aria-label="Tus pedidos">
        {orders.map((order) => (
          <li key={order.id}>
            <PastOrderCard order={order} />
          </li>
        ))}
      </ol>
      <MoreOrders
        shown={orders.length}
        total={total}
        history={history}
        onMore={() => {
          focusFrom.current = orders.length;
          void history.fetchNextPage();
        }}
      />
    </>
  );
}

interface MoreOrdersProps {
  shown: number;
  total: number;
  history: ReturnType<typeof useCartHistory>;
  onMore: () => void;
}

/** How many of the orders are shown, and "Ver más" (or "Reintentar") while there are more. */
function MoreOrders({ shown, total, history, onMore }: MoreOrdersProps) {
  return (
    <div className={styles.more}>
      <p className={styles.count}>
        Mostrando {shown} de {total} {total === 1 ? 'pedido' : 'pedidos'}
      </p>
      {history.isFetchNextPageError ? (
        <p role="alert" className={styles.moreError}>
          No pudimos cargar más pedidos. {history.error?.message}
        </p>
      ) : null}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage || undefined}
          onClick={onMore}
        >
          {history.isFetchingNextPage
            ? 'Cargando…'
            : history.isFetchNextPageError
              ? 'Reintentar'
              : 'Ver más'}
        </Button>
      ) : null}
    </div>
  );
}

/** No order yet: where the first one will show, and the way to the menu. */
function NoOrders() {
  return (
    <EmptyState icon={<ReceiptIcon />} title="No Tienes Pedidos">
      <p>Cuando hagas tu primer pedido lo verás aquí.</p>
      <Link to={paths.menu.getHref()} className={buttonClass()}>
        Ir al Menu
      </Link>
    </EmptyState>
  );
}

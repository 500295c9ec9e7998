import { chainClock, endpoints, type ExpoOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { kitchenQueryKey, useExpo } from '../api/kitchen-queries';
import { useKitchenRealtime } from '../hooks/use-kitchen-realtime';
import styles from './kitchen.module.css';

/** Listo through the board's own status step (the server tells every screen). */
function useMarkReady(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      panelCall(endpoints.changeOrderStatus, {
        params: { id: orderId },
        body: { status: 'ready' },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: kitchenQueryKey(branchId) }),
  });
}

function ExpoCard({ order, onReady }: { order: ExpoOrder; onReady: () => void }) {
  return (
    <li className={`${styles.order} ${order.ready_to_pack ? styles.ready : ''}`}>
      <h2 className={styles.orderHead}>
        <span>#{order.order_number}</span>
        {order.promised_at ? <span>{chainClock(new Date(order.promised_at))}</span> : null}
      </h2>
      <ul className={styles.stations}>
        {order.stations.map((station) => (
          <li
            key={station.station_id}
            className={`${styles.station} ${station.pending === 0 ? styles.done : ''}`}
          >
            {station.name}: {station.pending === 0 ? 'lista' : `faltan ${station.pending}`}
          </li>
        ))}
      </ul>
      {order.ready_to_pack ? (
        <>
          <p>Listo para empacar</p>
          <button type="button" className={styles.button} onClick={onReady}>
            Marcar #{order.order_number} Listo
          </button>
        </>
      ) : null}
    </li>
  );
}

/** /panel/cocina/expo: each order with its stations' state; one tap to Listo once complete. */
export function ExpoScreen({ branchId }: { branchId: number }) {
  useKitchenRealtime(branchId);
  const expo = useExpo(branchId);
  const ready = useMarkReady(branchId);
  if (expo.isError) return <p className={styles.error}>No pudimos leer el pase.</p>;
  if (!expo.data) return <p className={styles.empty}>Cargando…</p>;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Pase</h1>
      {ready.isError ? <p className={styles.error}>No se pudo marcar Listo.</p> : null}
      {expo.data.length === 0 ? (
        <p className={styles.empty}>No hay pedidos en cocina.</p>
      ) : (
        <ul className={styles.orders}>
          {expo.data.map((order) => (
            <ExpoCard
              key={order.order_id}
              order={order}
              onReady={() => ready.mutate(order.order_id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

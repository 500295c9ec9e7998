import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /pedidos/:id: one order's status timeline, updated live over the socket (issue 5). */
export default function OrderTrackingRoute() {
  const { id = '' } = useParams();
  return <ComingSoon title={`Pedido #${id}`} />;
}

import { ComingSoon } from '@/components/ui/coming-soon';
import { MutedText } from '@/components/ui/page';
import { useSession } from '@/stores/session-store';

/** /carrito (spec §2). The full cart (quantities, total, Vaciar Carrito) comes with the cart issue. */
export default function CartRoute() {
  const isEmpty = useSession((state) => state.cart.length === 0);
  return (
    <ComingSoon title="Tu Carrito">{isEmpty ? <MutedText>No tienes Productos Agregados</MutedText> : null}</ComingSoon>
  );
}

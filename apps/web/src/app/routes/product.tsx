import { ComingSoon } from '@/components/ui/coming-soon';

/** /producto/:slug (spec §2): product detail with option groups, favourite and quantity. */
export default function ProductRoute() {
  return <ComingSoon title="Producto" />;
}

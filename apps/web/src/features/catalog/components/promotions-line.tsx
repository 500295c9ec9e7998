import { promotionInForce } from '@comanda/shared';
import { usePromotions } from '@/entities/promotion/api/get-promotions';
import { promotionWhen } from '@/entities/promotion/lib/promotion-when';
import { useSession } from '@/stores/session-store';
import styles from './promotions-line.module.css';

/**
 * product.md «Promotions»: the promotions in force now at the chosen branch, one line each
 * («2x1 martes · hoy hasta la medianoche»), on /menu and, for the rules that take some of its
 * products, on a category's page. The cart applies them by itself: the line only tells. Loaded
 * after the page is interactive (app/layout/promotions-slot.tsx), so the first load carries none
 * of it, and nothing shows without a branch or a promotion.
 */
export default function PromotionsLine({ productIds }: { productIds?: readonly number[] }) {
  const branchId = useSession((state) => state.branch?.id);
  const { data } = usePromotions(branchId);
  if (!branchId || !data) return null;
  const now = new Date();
  const shown = data.filter(
    (rule) =>
      promotionInForce(rule, now, branchId) &&
      (!productIds || rule.product_ids.some((id) => productIds.includes(id))),
  );
  if (shown.length === 0) return null;
  return (
    <ul className={styles.line} aria-label="Promociones de hoy" data-testid="promotions-line">
      {shown.map((rule) => (
        <li key={rule.id} className={styles.promotion}>
          <span className={styles.title}>{rule.title}</span> · {promotionWhen(rule, now)}
        </li>
      ))}
    </ul>
  );
}

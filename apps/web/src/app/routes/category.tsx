import { MESSAGES } from '@comanda/shared';
import { useParams } from 'react-router';
import { CartBar } from '@/components/cart-bar/cart-bar';
import { ErrorState } from '@/components/ui/error-state';
import { useCategory } from '@/features/catalog/api/get-category';
import { useChainCategory } from '@/features/catalog/api/get-chain-category';
import {
  CatalogNotFound,
  ChooseBranchBand,
  ChooseBranchNotice,
} from '@/features/catalog/components/catalog-notice';
import { CategorySkeleton, CategoryView } from '@/features/catalog/components/category-view';
import { useCartPrice } from '@/entities/promotion/lib/cart-price';
import { ClosedBranchLine } from '../layout/closed-branch-line';
import { PromotionsSlot } from '../layout/promotions-slot';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { pageTitle } from '@/lib/brand';

/**
 * /category/:slug (product.md «Screens and routes»): photo, title and product cards of one
 * category at the chosen branch; before one is chosen, as the chain offers it (decision 042).
 */
export default function CategoryRoute() {
  const { slug = '' } = useParams();
  const branch = useSession((state) => state.branch);
  const atBranch = useCategory(slug, branch?.id);
  const chain = useChainCategory(slug, !branch);
  const category = branch ? atBranch : chain;
  // The bar's total as the cart and placement price it: under the promotions in force, no fee.
  const price = useCartPrice(
    useSession((state) => state.cart),
    branch?.id,
    0,
  );

  if (category.isPending) return <CategorySkeleton />;
  if (category.isError) {
    const { error } = category;
    // A branch stored before it was closed down: ask for a current one.
    if (error instanceof ApiError && error.message === MESSAGES.branchNotFound) {
      return <ChooseBranchNotice reason="La sede que tenías elegida ya no está disponible." />;
    }
    // 400 is a malformed slug (a mistyped link): to the customer it is the same as unknown.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <CatalogNotFound heading="Categoría no encontrada" message={MESSAGES.categoryNotFound} />
      );
    }
    return (
      <>
        <title>{pageTitle('Categoría')}</title>
        <h1 className="visually-hidden">Categoría</h1>
        <ErrorState
          message="No pudimos cargar esta categoría."
          detail={error.message}
          onRetry={() => void category.refetch()}
          retrying={category.isFetching}
        />
      </>
    );
  }

  return (
    <>
      {branch ? <ClosedBranchLine /> : <ChooseBranchBand abovePhoto />}
      <CategoryView
        category={category.data}
        branchTitle={branch?.title ?? null}
        promotions={
          branch ? (
            <PromotionsSlot productIds={category.data.products.map((product) => product.id)} />
          ) : null
        }
      />
      <CartBar price={price} />
    </>
  );
}

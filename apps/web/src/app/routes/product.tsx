import { MESSAGES, type Product } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ClosedBranchLine } from '../layout/closed-branch-line';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { useProduct } from '@/entities/product/api/get-product';
import { useFavorites } from '@/features/account/api/get-favorites';
import { useChainProduct } from '@/features/catalog/api/get-chain-product';
import { CatalogNotFound, ChooseBranchNotice } from '@/features/catalog/components/catalog-notice';
import { ProductDetail, ProductSkeleton } from '@/features/catalog/components/product-detail';
import { favoriteShown } from '@/features/catalog/lib/favorite-heart';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '@/stores/session-store';
import { pageTitle } from '@/lib/brand';

/**
 * What the heart shows (`favoriteShown`): nothing before the device's session is read; at a
 * branch, the product's answer once asked for the customer (main.tsx stamps the answer the
 * server rendered with as never read, `dataUpdatedAt` 0, for a logged-in customer); before a
 * branch, the customer's favourites list, since the chain's product does not know the customer.
 */
function useSaved(
  product: Pick<UseQueryResult<Pick<Product, 'id' | 'favorite'>>, 'data' | 'dataUpdatedAt'>,
  atBranch: boolean,
  loggedIn: boolean,
): boolean | null {
  const sessionKnown = useHydrated();
  const favorites = useFavorites(loggedIn && !atBranch);
  if (!product.data) return null;
  return favoriteShown({
    sessionKnown,
    loggedIn,
    atBranch,
    answerIsCustomers: product.dataUpdatedAt > 0,
    productFavorite: product.data.favorite,
    productId: product.data.id,
    favorites: favorites.data,
  });
}

/**
 * /producto/:slug (product.md «Screens and routes»): product detail with option groups, favourite
 * and quantity; before a branch is chosen, as the chain offers it, without ordering (decision 042).
 */
export default function ProductRoute() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const branch = useSession((state) => state.branch);
  const loggedIn = useSession((state) => state.loggedIn);
  const addToCart = useSession((state) => state.addToCart);
  const atBranch = useProduct(slug, branch?.id);
  const chain = useChainProduct(slug, !branch);
  const product = branch ? atBranch : chain;
  const saved = useSaved(product, Boolean(branch), loggedIn);

  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    const { error } = product;
    if (error instanceof ApiError && error.message === MESSAGES.branchNotFound) {
      return <ChooseBranchNotice reason="La sede que tenías elegida ya no está disponible." />;
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <CatalogNotFound heading="Producto no encontrado" message={MESSAGES.productNotFound} />
      );
    }
    return (
      <>
        <title>{pageTitle('Producto')}</title>
        <h1 className="visually-hidden">Producto</h1>
        <ErrorState
          message="No pudimos cargar este producto."
          detail={error.message}
          onRetry={() => void product.refetch()}
          retrying={product.isFetching}
        />
      </>
    );
  }

  const categoryHref = paths.category.getHref(product.data.category.slug);
  // product.md «Screens and routes»: after adding, and at quantity 0, the customer goes back. A product opened from a
  // shared link has no screen of ours behind it ('default' key): its category stands in.
  const leave = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(categoryHref, { replace: true });
  };

  return (
    <>
      {/* The screen names the document, not ProductDetail: the admin's editor shows it as a preview. */}
      <title>{pageTitle(product.data.title)}</title>
      {branch ? <ClosedBranchLine /> : null}
      <ProductDetail
        key={`${product.data.id}-${branch?.id ?? 'chain'}`}
        product={product.data}
        branchTitle={branch?.title ?? null}
        priceVaries={!branch && chain.data?.price_varies === true}
        loggedIn={loggedIn}
        saved={saved}
        onAdd={addToCart}
        onLeave={leave}
      />
    </>
  );
}

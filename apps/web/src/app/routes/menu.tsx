import { Link } from '@/components/ui/link';
import { BikeIcon, StoreIcon } from '@/components/ui/icons';
import { ErrorState } from '@/components/ui/error-state';
import { SegmentedControl, type SegmentedOption } from '@/components/ui/segmented-control';
import { paths } from '@/config/paths';
import { pickupFacts, useChosenBranch } from '@/features/branches/hooks/use-chosen-branch';
import { useBanners } from '@/features/catalog/api/get-banners';
import { DeliveryPromise } from '@/features/delivery/components/delivery-promise';
import { useDeliveryOption } from '@/features/delivery/hooks/use-delivery-option';
import { useCategories } from '@/features/catalog/api/get-categories';
import { BannerStrip, BannerStripPlaceholder } from '@/features/catalog/components/banner-strip';
import { CategoryGrid, CategoryGridSkeleton } from '@/features/catalog/components/category-grid';
import { TagLinks } from '@/features/catalog/components/tag-links';
import { ORDER_TYPE, useSession, type OrderType } from '@/stores/session-store';
import styles from './menu.module.css';
import { pageTitle } from '@/lib/brand';
import { OtherBranchSlot } from '../layout/other-branch-slot';
import { PromotionsSlot } from '../layout/promotions-slot';

const ORDER_TYPES: readonly SegmentedOption<OrderType>[] = [
  { value: ORDER_TYPE.pickup, label: 'Recoger', icon: <StoreIcon /> },
  { value: ORDER_TYPE.delivery, label: 'Domicilio', icon: <BikeIcon /> },
];

/**
 * /menu, the contract's home screen: order type, banners, category grid. The contract's "reset on load"
 * of the branch selection has nothing to clear here: the header overlay picks a branch in one tap
 * and keeps no half-made choice, and the stored branch must survive.
 */
export default function MenuRoute() {
  const orderType = useSession((state) => state.orderType);
  const chooseOrderType = useSession((state) => state.chooseOrderType);
  const categories = useCategories();
  const deliveryOption = useDeliveryOption();
  const chosenBranch = useChosenBranch();
  const banners = useBanners();
  const hasBranch = useSession((state) => state.branch) !== null;

  return (
    <div className={styles.menu}>
      <title>{pageTitle('Menú')}</title>
      <SegmentedControl
        legend="Tipo de pedido"
        options={ORDER_TYPES}
        value={orderType}
        onChange={chooseOrderType}
        className={styles.toggle}
      />
      <DeliveryPromise
        state={deliveryOption}
        pickup={pickupFacts(chosenBranch)}
        offer={<OtherBranchSlot />}
      />
      <PromotionsSlot />

      {/* Promotional and optional: its space kept while it loads, left out if it fails. */}
      {banners.isPending ? (
        <BannerStripPlaceholder />
      ) : banners.isSuccess ? (
        <BannerStrip banners={banners.data} />
      ) : null}

      <section className={styles.section} aria-labelledby="menu-heading">
        <h1 id="menu-heading" className={styles.heading}>
          Nuestro menú
        </h1>
        <Link to={paths.search.getHref()} className="search-link">
          Buscar en el menú
        </Link>
        {/* The search needs a branch (its prices and stock): without one, the chips would lead back here. */}
        {hasBranch ? <TagLinks /> : null}
        {categories.isPending ? (
          <CategoryGridSkeleton />
        ) : categories.isError ? (
          <ErrorState
            message="No pudimos cargar el menú."
            detail={categories.error.message}
            onRetry={() => void categories.refetch()}
            retrying={categories.isFetching}
          />
        ) : (
          <CategoryGrid categories={categories.data} />
        )}
      </section>
    </div>
  );
}

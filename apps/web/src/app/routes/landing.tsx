import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { BikeIcon, StoreIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useBanners } from '@/features/catalog/api/get-banners';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { useSession } from '@/stores/session-store';
import styles from './landing.module.css';
import { brandName } from '@/lib/brand';

const LandingReturning = lazy(() => import('./landing-returning'));

/**
 * / (product.md «Screens and routes»): the carousel, the question and the two choices. Choosing stores the delivery type
 * (product.md «States and transitions») and moves on: pickup to its branch list, delivery to the menu with Domicilio chosen.
 */
export default function LandingRoute() {
  const navigate = useNavigate();
  const setDelivery = useSession((state) => state.setDelivery);
  const loggedIn = useSession((state) => state.loggedIn);
  const banners = useBanners();

  return (
    <div className={styles.landing}>
      <title>{`${brandName()} · ¿Qué deseas hacer hoy?`}</title>
      {banners.isPending ? (
        <div className={styles.placeholder} aria-busy="true">
          <p className="visually-hidden" role="status">
            Cargando promociones…
          </p>
        </div>
      ) : banners.isError ? (
        <ErrorState
          message="No pudimos cargar las promociones."
          detail={banners.error.message}
          onRetry={() => void banners.refetch()}
          retrying={banners.isFetching}
        />
      ) : banners.data.length > 0 ? (
        <BannerCarousel banners={banners.data} />
      ) : null}

      <h1 className={styles.heading}>Que deseas hacer hoy?</h1>
      <div className={styles.choices}>
        <Button
          block
          className={styles.choice}
          onClick={() => {
            // The order type follows (the menu's toggle opens on Domicilio); the address comes first.
            setDelivery('domicilio');
            void navigate(paths.deliveryAddresses.getHref());
          }}
        >
          <BikeIcon /> A Domicilio
        </Button>
        <Button
          block
          variant="secondary"
          className={styles.choice}
          onClick={() => {
            setDelivery('delivery-takeout');
            void navigate(paths.pickupBranches.getHref());
          }}
        >
          <StoreIcon /> Para Recoger
        </Button>
      </div>
      {loggedIn ? (
        <Suspense fallback={null}>
          <LandingReturning />
        </Suspense>
      ) : null}
    </div>
  );
}

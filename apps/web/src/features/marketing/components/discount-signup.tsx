import type { Branch } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCoupon } from '../api/get-coupon';
import { useSurveyParameters } from '../api/get-survey-parameters';
import { MarketingSkeleton } from './branch-gate';
import { DiscountForm } from './discount-form';
import styles from './marketing.module.css';
import { pageTitle } from '@/lib/brand';

const SCREEN = 'Cupón de descuento';

/** /descuento/:branch once the branch is known: the coupon's picture and text, then the form. */
export function DiscountSignup({ branch, onSignedUp }: { branch: Branch; onSignedUp: () => void }) {
  const coupon = useCoupon(branch.id);
  // Asked with the coupon, not after it: the form's options arrive meanwhile.
  const survey = useSurveyParameters();

  if (coupon.isPending) return <MarketingSkeleton title={SCREEN} />;
  if (coupon.isError) return <CouponError branch={branch} coupon={coupon} />;

  const { title, description, main_image } = coupon.data;
  return (
    <div className={styles.layout}>
      <title>{pageTitle(`${SCREEN} ${branch.title}`)}</title>
      <div className={styles.hero}>
        <Picture
          className={styles.heroImage}
          src={main_image}
          kind="coupon"
          sizes="(min-width: 720px) 720px, 100vw"
          alt={title}
          width={1080}
          height={720}
          load="lcp"
        />
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.muted}>{description}</p>
      </div>
      <section className={styles.formCard} aria-labelledby="datos-cupon">
        <h2 id="datos-cupon" className={styles.formTitle}>
          Tus datos
        </h2>
        <SurveyForm survey={survey} branchId={branch.id} onSignedUp={onSignedUp} />
      </section>
    </div>
  );
}

/** The coupon could not be read: none at this branch (404), or a failure to try again. */
function CouponError({
  branch,
  coupon,
}: {
  branch: Branch;
  coupon: Extract<ReturnType<typeof useCoupon>, { isError: true }>;
}) {
  // A branch without an active coupon: say so plainly; trying again will not make one.
  if (coupon.error instanceof ApiError && coupon.error.status === 404) {
    return (
      <div className={styles.notFound}>
        <title>{pageTitle(SCREEN)}</title>
        <h1 className={styles.notFoundHeading}>{`${SCREEN} · ${branch.title}`}</h1>
        <p className={styles.muted}>{coupon.error.message}</p>
        <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
          Ir al Menu
        </Link>
      </div>
    );
  }
  return (
    <>
      <title>{pageTitle(SCREEN)}</title>
      <h1 className="visually-hidden">{SCREEN}</h1>
      <ErrorState
        message="No pudimos cargar el cupón."
        detail={coupon.error.message}
        onRetry={() => void coupon.refetch()}
        retrying={coupon.isFetching}
      />
    </>
  );
}

/** The form once the survey's options ("Como nos conociste?") have loaded. */
function SurveyForm({
  survey,
  branchId,
  onSignedUp,
}: {
  survey: ReturnType<typeof useSurveyParameters>;
  branchId: number;
  onSignedUp: () => void;
}) {
  if (survey.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          Cargando el formulario…
        </p>
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className={`${styles.skeleton} ${styles.skeletonField}`} />
        ))}
      </div>
    );
  }
  if (survey.isError) {
    return (
      <ErrorState
        message="No pudimos cargar el formulario."
        detail={survey.error.message}
        onRetry={() => void survey.refetch()}
        retrying={survey.isFetching}
      />
    );
  }
  return <DiscountForm branchId={branchId} survey={survey.data} onSignedUp={onSignedUp} />;
}

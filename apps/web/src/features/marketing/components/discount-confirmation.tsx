import type { Branch } from '@comanda/shared';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api-client';
import { useCoupon } from '../api/get-coupon';
import { ConfirmationCard } from './confirmation-card';
import styles from './marketing.module.css';
import { pageTitle } from '@/lib/brand';

/** /descuento-confirmacion/:branch (product.md «Screens and routes»): the coupon's confirmation image and 'Ir al Menu'. */
export function DiscountConfirmation({ branch }: { branch: Branch }) {
  const coupon = useCoupon(branch.id);
  const heading = `Inscripción confirmada · Sede ${branch.title}`;
  // Without an active coupon no code is issued, so no mail is promised.
  const noCoupon =
    coupon.isError && coupon.error instanceof ApiError && coupon.error.status === 404;
  const text = <SignupText branchTitle={branch.title} mailed={!noCoupon} />;

  if (coupon.isPending) {
    return (
      <div className={styles.confirmation} aria-busy="true">
        <title>{pageTitle(heading)}</title>
        <h1 className="visually-hidden">{heading}</h1>
        <p role="status" className="visually-hidden">
          Cargando…
        </p>
        <div className={`${styles.skeleton} ${styles.confirmationImage}`} />
      </div>
    );
  }
  // The signup is stored whatever happens to the picture: without a coupon, a check mark says it.
  if (coupon.isError && !(coupon.error instanceof ApiError && coupon.error.status === 404)) {
    return (
      <ConfirmationCard heading={heading}>
        {text}
        <ErrorState
          message="No pudimos cargar la imagen del cupón."
          detail={coupon.error.message}
          onRetry={() => void coupon.refetch()}
          retrying={coupon.isFetching}
        />
      </ConfirmationCard>
    );
  }
  const image = coupon.data
    ? {
        src: coupon.data.confirmation_image,
        alt: `¡Listo! Tu cupón de la sede ${branch.title} quedó registrado.`,
      }
    : undefined;
  return (
    <ConfirmationCard heading={heading} hideHeading={image !== undefined} image={image}>
      {text}
    </ConfirmationCard>
  );
}

/**
 * What was stored, and where the code went: only to the email (decision 076), so this screen
 * reads the same whether the email signed up now or had before.
 */
function SignupText({ branchTitle, mailed }: { branchTitle: string; mailed: boolean }) {
  return (
    <>
      <p className={styles.muted}>Guardamos tu inscripción al cupón de la sede {branchTitle}.</p>
      {mailed ? (
        <div className={styles.couponCode}>
          <p>Te enviamos tu código de descuento por correo.</p>
          <p className={styles.muted}>
            Revisa tu bandeja de entrada (y la carpeta de spam) y escribe el código en «Código de
            descuento» al confirmar tu pedido.
          </p>
        </div>
      ) : null}
    </>
  );
}

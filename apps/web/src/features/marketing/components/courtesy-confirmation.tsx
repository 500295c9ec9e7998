import type { Branch } from '@comanda/shared';
import { formatDay } from '../lib/dates';
import { ConfirmationCard } from './confirmation-card';
import styles from './marketing.module.css';

/**
 * /cortesia-confirmacion/:branch (product.md «Screens and routes»): a friendly confirmation and 'Ir al Menu'. The day
 * comes from the form that led here; a reload or a shared link shows the card without it.
 */
export function CourtesyConfirmation({
  branch,
  date,
}: {
  branch: Branch;
  date: string | undefined;
}) {
  return (
    <ConfirmationCard heading="¡Tu cortesía está reservada!">
      <p className={styles.confirmationText}>
        {date ? (
          <>
            Te esperamos el <strong>{formatDay(date)}</strong> en la sede {branch.title}.
          </>
        ) : (
          <>Te esperamos en la sede {branch.title}.</>
        )}
      </p>
      <p className={styles.muted}>{branch.address}</p>
    </ConfirmationCard>
  );
}

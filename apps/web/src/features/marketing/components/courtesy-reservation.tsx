import {
  RESERVATION_MAX_DAYS_AHEAD,
  addDays,
  chainToday,
  courtesyBody,
  isIsoDate,
  reservationDateProblem,
  type Branch,
} from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { FormHeadingError, TextField } from '@/components/ui/form-field';
import { problemsFromParse, type FormProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useValidateCourtesy } from '../api/validate-courtesy';
import { formatDay } from '../lib/dates';
import { NamePhoneFields } from './name-phone-fields';
import styles from './marketing.module.css';
import { pageTitle } from '@/lib/brand';

const FIELDS = ['name', 'phone', 'date_reservation'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = { name: '', phone: '', date_reservation: '' };

/** The server's checks, in the browser: the shared schema, then the day against the branch's hours. */
function checkCourtesy(
  values: Record<Field, string>,
  branch: Branch,
  today: string,
): FormProblems<Field> {
  const problems = problemsFromParse(
    courtesyBody.safeParse({ ...values, branch_id: branch.id }),
    FIELDS,
  );
  const date = values.date_reservation.trim();
  if (!problems.fields.date_reservation && isIsoDate(date)) {
    const problem = reservationDateProblem(date, {
      today,
      branchTitle: branch.title,
      openWeekdays: branch.opening_hours.map((interval) => interval.weekday),
    });
    if (problem) problems.fields.date_reservation = problem;
  }
  return problems;
}

/** /cortesia/:branch once the branch is known (product.md «Screens and routes»): name, phone and the day of the visit. */
export function CourtesyReservation({
  branch,
  onReserved,
}: {
  branch: Branch;
  onReserved: (date: string) => void;
}) {
  // The chain's today (Bogotá), not the device's: the server refuses a day before it.
  const today = chainToday();
  const lastDay = addDays(today, RESERVATION_MAX_DAYS_AHEAD);
  const validateCourtesy = useValidateCourtesy();
  const { problems, sending, onSubmit, formRef, messageRef, bind } = useForm<Field, unknown>({
    fields: FIELDS,
    initial: EMPTY,
    check: (values) => checkCourtesy(values, branch, today),
    send: (values) => validateCourtesy.mutateAsync({ ...values, branch_id: branch.id }),
    onSent: (_answer, values) => onReserved(values.date_reservation),
  });

  return (
    <div className={styles.layout}>
      <title>{pageTitle(`Cortesía ${branch.title}`)}</title>
      <CourtesyHero branch={branch} />
      <section className={styles.formCard} aria-labelledby="datos-cortesia">
        <h2 id="datos-cortesia" className={styles.formTitle}>
          Tus datos
        </h2>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={sending || undefined}
        >
          <FormHeadingError ref={messageRef} message={problems.form} />
          <NamePhoneFields bind={bind} />
          <TextField
            {...bind('date_reservation')}
            label="Fecha de tu visita"
            type="date"
            // product.md «Validation rules and messages»: the date input has a minimum of today.
            min={today}
            max={lastDay}
            hint={`Desde hoy hasta el ${formatDay(lastDay)}.`}
            aria-required="true"
          />
          <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
            {sending ? 'Reservando…' : 'Reservar mi cortesía'}
          </Button>
        </form>
      </section>
    </div>
  );
}

/** Which branch invites, and where it is. */
function CourtesyHero({ branch }: { branch: Branch }) {
  return (
    <div className={`${styles.hero} ${styles.courtesyHero}`}>
      <span className={styles.heroBadge}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM3 7h18v4H3zM12 7v14M12 7c-1.5-3-5-4-5.5-2S9 7 12 7zm0 0c1.5-3 5-4 5.5-2S15 7 12 7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <p className={styles.eyebrow}>Sede {branch.title}</p>
      <h1 className={styles.title}>Reserva tu cortesía de la casa</h1>
      <p className={styles.muted}>
        Dinos qué día nos visitas en la sede {branch.title} y te recibimos con una cortesía de la
        casa.
      </p>
      <p className={styles.address}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <circle cx="12" cy="10" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {branch.address}
      </p>
    </div>
  );
}

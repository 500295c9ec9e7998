import { formatMoney, type Shift } from '@comanda/shared';
import { ErrorState } from '@/components/ui/error-state';
import { useBranchShifts } from '../api/get-branch-shifts';
import { clockText } from '../lib/order-text';
import { differenceText, shiftStage } from '../lib/shift-cash';
import { CloseShiftForm } from './close-shift-form';
import styles from './courier-shifts.module.css';

const STAGE_TEXT = {
  on: 'En turno',
  to_close: 'Turno terminado · falta cerrar',
  closed: 'Cerrado',
} as const;

/**
 * "Domiciliarios" in Día: each courier's shift of the day with what it delivered, what failed, the
 * cash it should bring and the delivery fees; an ended shift is closed here with the cash counted
 * in, and a closed one shows the difference in words (a shortfall in red, never in colour alone).
 */
export function CourierShifts({ branchId, date }: { branchId: number; date: string }) {
  const shifts = useBranchShifts(branchId, date);
  return (
    <section className={styles.shifts} aria-labelledby="domiciliarios-del-dia">
      <h3 id="domiciliarios-del-dia" className={styles.heading}>
        Domiciliarios
      </h3>
      {shifts.isPending ? (
        <p role="status">Cargando turnos…</p>
      ) : shifts.isError ? (
        <ErrorState
          message="No pudimos cargar los turnos."
          detail={shifts.error.message}
          onRetry={() => void shifts.refetch()}
          retrying={shifts.isFetching}
        />
      ) : shifts.data.length === 0 ? (
        <p className={styles.muted}>Ningún domiciliario tuvo turno este día.</p>
      ) : (
        <ul className={styles.list}>
          {shifts.data.map((shift) => (
            <ShiftCard key={shift.id} shift={shift} branchId={branchId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShiftCard({ shift, branchId }: { shift: Shift; branchId: number }) {
  const stage = shiftStage(shift);
  const hours = `${clockText(shift.started_at)} – ${shift.ended_at ? clockText(shift.ended_at) : 'ahora'}`;
  return (
    <li className={styles.shift} data-shift-id={shift.id}>
      <h4 className={styles.courier}>{shift.courier.name}</h4>
      <p className={styles.muted}>
        {hours} · {STAGE_TEXT[stage]}
      </p>
      <dl className={styles.figures}>
        <Figure label="Entregados" value={shift.delivered} />
        <Figure label="Fallidos" value={shift.failed} />
        <Figure label="Efectivo esperado" value={formatMoney(shift.cash_expected)} />
        <Figure label="Domicilios" value={formatMoney(shift.fees)} />
      </dl>
      {stage === 'closed' ? <ClosedCash shift={shift} /> : null}
      {stage === 'to_close' ? <CloseShiftForm shift={shift} branchId={branchId} /> : null}
    </li>
  );
}

const Figure = ({ label, value }: { label: string; value: string | number }) => (
  <div className={styles.figure}>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/** A closed shift: the cash handed in, the difference in words, and the note left with it. */
function ClosedCash({ shift }: { shift: Shift }) {
  const difference = differenceText(shift.difference ?? 0);
  return (
    <div className={styles.closed}>
      <p>
        Entregó <strong>{formatMoney(shift.cash_handed_in ?? 0)}</strong> ·{' '}
        <strong className={styles[difference.kind]}>{difference.text}</strong>
      </p>
      {shift.note ? <p className={styles.note}>Nota: {shift.note}</p> : null}
    </div>
  );
}

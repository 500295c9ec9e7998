import { DISPATCH_MESSAGES, formatMoney, type Shift } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { useCloseShift } from '../api/close-shift';
import { differenceText, readCash } from '../lib/shift-cash';
import styles from './courier-shifts.module.css';

/**
 * `Cerrar turno`: the cash the courier handed in and a note (for a difference, say); the
 * difference against what was expected is worked out as it is typed, so the counter sees a
 * shortfall before closing.
 */
export function CloseShiftForm({ shift, branchId }: { shift: Shift; branchId: number }) {
  const close = useCloseShift(branchId);
  const [cash, setCash] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { cash: useId(), note: useId(), problem: useId(), difference: useId() };
  const handedIn = readCash(cash);
  const difference = handedIn === null ? null : differenceText(handedIn - shift.cash_expected);
  const error = problem ?? close.error?.message ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (handedIn === null) {
      setProblem(DISPATCH_MESSAGES.cashRequired);
      return;
    }
    setProblem(null);
    const trimmed = note.trim();
    close.mutate({ id: shift.id, cash_handed_in: handedIn, ...(trimmed ? { note: trimmed } : {}) });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.formTitle}>Cerrar turno de {shift.courier.name}</p>
      <label htmlFor={ids.cash} className={styles.label}>
        Efectivo entregado (esperado {formatMoney(shift.cash_expected)})
      </label>
      <input
        id={ids.cash}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        value={cash}
        onChange={(event) => setCash(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${ids.difference}${error ? ` ${ids.problem}` : ''}`}
      />
      <p id={ids.difference} className={styles.difference} aria-live="polite">
        {difference ? (
          <>
            Diferencia: <strong className={styles[difference.kind]}>{difference.text}</strong>
          </>
        ) : null}
      </p>
      <label htmlFor={ids.note} className={styles.label}>
        Nota (opcional)
      </label>
      <input
        id={ids.note}
        className={styles.input}
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {error ? (
        <p id={ids.problem} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={close.isPending}>
        {close.isPending ? 'Cerrando…' : 'Cerrar turno'}
      </button>
    </form>
  );
}

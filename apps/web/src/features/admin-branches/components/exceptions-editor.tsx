import { branchExceptionsBody, type AdminBranch, type TimeRange } from '@comanda/shared';
import { useId } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useSaveBranchExceptions } from '../api/save-branch-exceptions';
import { today } from '../lib/branch-form';
import { useRowList, type RowConflictSetup, type RowProblems } from '../hooks/use-row-list';
import { RangesField } from './ranges-field';
import styles from './branches.module.css';

interface Fields {
  date: string;
  closed: boolean;
  ranges: TimeRange[];
}

/** A branch's stored exceptions as the editor's fields. */
const exceptionsOf = (branch: AdminBranch): Fields[] =>
  branch.exceptions.map((e) => ({ date: e.date, closed: e.closed, ranges: [...e.ranges] }));

/** A special day's first hours, and a new exception's. */
const SPECIAL_HOURS: TimeRange = { opens: '11:00', closes: '16:00' };

/** How the dated exceptions merge with another admin's save: one row per date (decision 051). */
const exceptionsConflict: RowConflictSetup<Fields> = {
  fromBranch: exceptionsOf,
  identity: (exception) => exception.date,
  label: (exception) => `Excepción del ${exception.date}`,
  shown: (exception) =>
    !exception
      ? 'Sin excepción'
      : exception.closed
        ? 'Cerrado todo el día'
        : exception.ranges.map((range) => `${range.opens} a ${range.closes}`).join(', '),
};

const exceptionsBody = (list: Fields[]) => ({
  exceptions: list.map(({ date, closed, ranges }) => ({
    date,
    closed,
    ranges: closed ? [] : ranges,
  })),
});

/** Dates are told beside their field; the rest (ranges, repeated dates) under the list. */
const listMessage = (problems: RowProblems) =>
  [
    ...problems.list,
    ...Object.entries(problems.rows)
      .filter(([key]) => !key.endsWith('.date'))
      .map(([, message]) => message),
  ].join(' ') || null;

/** Excepciones: a date closed (a holiday) or with its own hours; they replace that date's weekday hours. */
export function ExceptionsEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchExceptions(branch);
  const { rows, problems, saved, change, add, remove, submit, conflict } = useRowList({
    initial: () => exceptionsOf(branch),
    schema: branchExceptionsBody,
    toBody: exceptionsBody,
    save: (body) => save.mutateAsync(body),
    conflict: exceptionsConflict,
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.help}>
        Un festivo cerrado o un día con horario especial. Ese día se usa la excepción en lugar del
        horario de la semana; la tienda muestra la sede cerrada si lo está.
      </p>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      {rows.length === 0 ? <p className={styles.state}>No hay excepciones.</p> : null}
      <ul className={styles.week}>
        {rows.map((row, index) => (
          <ExceptionRow
            key={row.key}
            row={row}
            dateError={problems.rows[`${index}.date`]}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => remove(row.key)}
          />
        ))}
      </ul>
      <button
        type="button"
        className={styles.addButton}
        onClick={() => add({ date: today(), closed: true, ranges: [] })}
      >
        + Agregar excepción
      </button>
      <FormAlert message={listMessage(problems)} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={save.isPending || conflict !== null}>
          {save.isPending ? 'Guardando…' : 'Guardar excepciones'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Excepciones guardadas.' : ''}
        </p>
      </div>
    </form>
  );
}

interface ExceptionRowProps {
  row: Fields & { key: number };
  dateError: string | undefined;
  onChange: (patch: Partial<Fields>) => void;
  onRemove: () => void;
}

/** One exception: its date, closed or special hours (and then its ranges), and Quitar. */
function ExceptionRow({ row, dateError, onChange, onRemove }: ExceptionRowProps) {
  const id = useId();
  // A special day keeps the ranges it had, or starts with the usual special hours.
  const setClosed = (closed: boolean) =>
    onChange({
      closed,
      ranges: closed ? [] : row.ranges.length > 0 ? row.ranges : [SPECIAL_HOURS],
    });
  return (
    <li className={styles.day}>
      <div className={styles.exceptionHead}>
        <div className={styles.inlineField}>
          <label htmlFor={`${id}-date`}>Fecha</label>
          <input
            id={`${id}-date`}
            type="date"
            className={styles.input}
            value={row.date}
            aria-invalid={dateError ? true : undefined}
            onChange={(event) => onChange({ date: event.target.value })}
          />
        </div>
        <div className={styles.inlineField}>
          <label htmlFor={`${id}-kind`}>Ese día</label>
          <select
            id={`${id}-kind`}
            className={styles.input}
            value={row.closed ? 'closed' : 'special'}
            onChange={(event) => setClosed(event.target.value === 'closed')}
          >
            <option value="closed">Cerrado todo el día</option>
            <option value="special">Horario especial</option>
          </select>
        </div>
        <button
          type="button"
          className={styles.removeButton}
          aria-label={`Quitar la excepción del ${row.date || 'día sin fecha'}`}
          onClick={onRemove}
        >
          Quitar
        </button>
      </div>
      {dateError ? <p className={styles.fieldError}>{dateError}</p> : null}
      {row.closed ? null : (
        <RangesField
          label={row.date || 'la excepción'}
          ranges={row.ranges}
          onChange={(ranges) => onChange({ ranges })}
          fresh={SPECIAL_HOURS}
        />
      )}
    </li>
  );
}

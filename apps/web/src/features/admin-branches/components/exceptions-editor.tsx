import {
  adminBranchSchema,
  branchExceptionsBody,
  type AdminBranch,
  type TimeRange,
} from '@comanda/shared';
import { useId, useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { editsAfter, type Keyed, type ListField } from '@/lib/form/list-fields';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSaveBranchExceptions } from '../api/save-branch-exceptions';
import { today } from '../lib/branch-form';
import { ListSaveBar } from './list-save-bar';
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
const exceptionsConflict: ConflictSetup<never, { exceptions: Fields }> = {
  labels: {},
  read: readRecord(
    adminBranchSchema,
    () => ({}),
    (branch) => ({ exceptions: exceptionsOf(branch) }),
  ),
  lists: {
    exceptions: {
      identity: (exception) => exception.date,
      label: (exception) => `Excepción del ${exception.date}`,
      shown: (exception) =>
        !exception
          ? 'Sin excepción'
          : exception.closed
            ? 'Cerrado todo el día'
            : exception.ranges.map((range) => `${range.opens} a ${range.closes}`).join(', '),
    },
  },
};

/** The body of a save; `over`: the other admin's save it is made over, after a conflict. */
const exceptionsBody = (list: Fields[], over: { version: number } | null = null) => ({
  exceptions: list.map(({ date, closed, ranges }) => ({
    date,
    closed,
    ranges: closed ? [] : ranges,
  })),
  ...(over === null ? {} : { version: over.version }),
});

/** The shared schema's check: a date's message beside it, the rest under the list. */
const checkExceptions = (_values: object, { exceptions }: { exceptions: Fields[] }) =>
  problemsFromParse(branchExceptionsBody.safeParse(exceptionsBody(exceptions)), [], ['exceptions']);

/** Dates are told beside their field; the rest (ranges, repeated dates) under the list. */
const listMessage = (form: string | null, exceptions: ListField<Fields>) =>
  [
    ...(form === null ? [] : [form]),
    ...exceptions.rows.flatMap((row) =>
      Object.entries(exceptions.errors(row.key))
        .filter(([field]) => field !== 'date')
        .map(([, message]) => message),
    ),
  ].join(' ') || null;

/** Excepciones: a date closed (a holiday) or with its own hours; they replace that date's weekday hours. */
export function ExceptionsEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchExceptions(branch);
  const [saved, setSaved] = useState(false);
  const { lists, problems, sending, onSubmit, formRef, conflict } = useForm({
    fields: [],
    initial: {},
    lists: { exceptions: exceptionsOf(branch) },
    check: checkExceptions,
    send: (_values, over, { exceptions }) => {
      setSaved(false);
      return save.mutateAsync(branchExceptionsBody.parse(exceptionsBody(exceptions, over)));
    },
    onSent: () => setSaved(true),
    conflict: exceptionsConflict,
  });
  const exceptions = editsAfter(lists.exceptions, () => setSaved(false));

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className={styles.help}>
        Un festivo cerrado o un día con horario especial. Ese día se usa la excepción en lugar del
        horario de la semana; la tienda muestra la sede cerrada si lo está.
      </p>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      {exceptions.rows.length === 0 ? <p className={styles.state}>No hay excepciones.</p> : null}
      <ul className={styles.week}>
        {exceptions.rows.map((row) => (
          <ExceptionRow
            key={row.key}
            row={row}
            dateError={exceptions.errors(row.key).date}
            onChange={(patch) => exceptions.update(row.key, patch)}
            onRemove={() => exceptions.remove(row.key)}
          />
        ))}
      </ul>
      <button
        type="button"
        className={styles.addButton}
        onClick={() => exceptions.add({ date: today(), closed: true, ranges: [] })}
      >
        + Agregar excepción
      </button>
      <ListSaveBar
        message={listMessage(problems.form, exceptions)}
        sending={sending}
        blocked={conflict !== null}
        label="Guardar excepciones"
        savedNote={saved ? 'Excepciones guardadas.' : ''}
      />
    </form>
  );
}

interface ExceptionRowProps {
  row: Keyed<Fields>;
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

import { branchExceptionsBody, type AdminBranch, type TimeRange } from '@comanda/shared';
import { useId } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useSaveBranchExceptions } from '../api/save-branch-exceptions';
import { today } from '../lib/branch-form';
import { useRowList } from '../hooks/use-row-list';
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

/** Excepciones: a date closed (a holiday) or with its own hours; they replace that date's weekday hours. */
export function ExceptionsEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchExceptions(branch);
  const { rows, problems, saved, change, add, remove, submit, conflict } = useRowList({
    initial: () => exceptionsOf(branch),
    schema: branchExceptionsBody,
    toBody: (list) => ({
      exceptions: list.map(({ date, closed, ranges }) => ({
        date,
        closed,
        ranges: closed ? [] : ranges,
      })),
    }),
    save: (body) => save.mutateAsync(body),
    conflict: {
      fromBranch: exceptionsOf,
      identity: (exception) => exception.date,
      label: (exception) => `Excepción del ${exception.date}`,
      shown: (exception) =>
        !exception
          ? 'Sin excepción'
          : exception.closed
            ? 'Cerrado todo el día'
            : exception.ranges.map((range) => `${range.opens} a ${range.closes}`).join(', '),
    },
  });
  const id = useId();

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
          <li key={row.key} className={styles.day}>
            <div className={styles.exceptionHead}>
              <div className={styles.inlineField}>
                <label htmlFor={`${id}-${row.key}-date`}>Fecha</label>
                <input
                  id={`${id}-${row.key}-date`}
                  type="date"
                  className={styles.input}
                  value={row.date}
                  aria-invalid={problems.rows[`${index}.date`] ? true : undefined}
                  onChange={(event) => change(row.key, { date: event.target.value })}
                />
              </div>
              <div className={styles.inlineField}>
                <label htmlFor={`${id}-${row.key}-kind`}>Ese día</label>
                <select
                  id={`${id}-${row.key}-kind`}
                  className={styles.input}
                  value={row.closed ? 'closed' : 'special'}
                  onChange={(event) => {
                    const closed = event.target.value === 'closed';
                    change(row.key, {
                      closed,
                      ranges: closed
                        ? []
                        : row.ranges.length > 0
                          ? row.ranges
                          : [{ opens: '11:00', closes: '16:00' }],
                    });
                  }}
                >
                  <option value="closed">Cerrado todo el día</option>
                  <option value="special">Horario especial</option>
                </select>
              </div>
              <button
                type="button"
                className={styles.removeButton}
                aria-label={`Quitar la excepción del ${row.date || 'día sin fecha'}`}
                onClick={() => remove(row.key)}
              >
                Quitar
              </button>
            </div>
            {problems.rows[`${index}.date`] ? (
              <p className={styles.fieldError}>{problems.rows[`${index}.date`]}</p>
            ) : null}
            {row.closed ? null : (
              <RangesField
                label={row.date || 'la excepción'}
                ranges={row.ranges}
                onChange={(ranges) => change(row.key, { ranges })}
                fresh={{ opens: '11:00', closes: '16:00' }}
              />
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.addButton}
        onClick={() => add({ date: today(), closed: true, ranges: [] })}
      >
        + Agregar excepción
      </button>
      {/* Dates are told beside their field; the rest (ranges, repeated dates) here. */}
      <FormAlert
        message={
          [
            ...problems.list,
            ...Object.entries(problems.rows)
              .filter(([key]) => !key.endsWith('.date'))
              .map(([, message]) => message),
          ].join(' ') || null
        }
      />
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

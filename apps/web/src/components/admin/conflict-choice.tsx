import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ConflictRow } from '@/lib/form/form-conflict';
import styles from './conflict-choice.module.css';

interface ConflictChoiceProps {
  /** The server's 409 message. */
  message: string;
  /** Fields both admins changed, differently. */
  rows: readonly ConflictRow[];
  /** Labels of the fields taken from the other admin's save because only they changed them. */
  taken: readonly string[];
  /** The keys for which the other admin's value is kept. */
  onResolve: (takeTheirs: ReadonlySet<string>) => void;
}

/**
 * Another admin saved this record while it was being edited (a 409). Side by side, per field,
 * this editor's value and the saved one: keep all of yours, take all of theirs, or choose field
 * by field. Nothing is saved here: the form takes the result and the admin saves it.
 */
export function ConflictChoice({ message, rows, taken, onResolve }: ConflictChoiceProps) {
  const id = useId();
  const [theirs, setTheirs] = useState<ReadonlySet<string>>(new Set());
  const choose = (key: string, take: boolean) =>
    setTheirs((current) => {
      const next = new Set(current);
      if (take) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <section className={styles.box} role="alert" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {message}
      </h2>
      {taken.length > 0 ? (
        <p className={styles.note}>
          Ya está al día con lo que solo la otra persona cambió: {taken.join(', ')}.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <p className={styles.note}>Los dos cambiaron esto. Elige qué queda:</p>
          {rows.map((row) => (
            <RowChoice
              key={row.key}
              name={`${id}-${row.key}`}
              row={row}
              takeTheirs={theirs.has(row.key)}
              onChoose={(take) => choose(row.key, take)}
            />
          ))}
        </>
      ) : (
        <p className={styles.note}>Tus cambios no chocan con los suyos.</p>
      )}
      <ConflictActions rows={rows} chosen={theirs} onResolve={onResolve} />
      <p className={styles.hint}>Después, revisa el formulario y guarda.</p>
    </section>
  );
}

/** One field both changed: this editor's value or the saved one, as two radios. */
function RowChoice({
  name,
  row,
  takeTheirs,
  onChoose,
}: {
  name: string;
  row: ConflictRow;
  takeTheirs: boolean;
  onChoose: (takeTheirs: boolean) => void;
}) {
  return (
    <fieldset className={styles.row}>
      <legend className={styles.legend}>{row.label}</legend>
      <label className={styles.side}>
        <input type="radio" name={name} checked={!takeTheirs} onChange={() => onChoose(false)} />
        <span>
          <span className={styles.who}>Lo tuyo</span>
          <span className={styles.value}>{row.yours || '(vacío)'}</span>
        </span>
      </label>
      <label className={styles.side}>
        <input type="radio" name={name} checked={takeTheirs} onChange={() => onChoose(true)} />
        <span>
          <span className={styles.who}>Lo que guardó la otra persona</span>
          <span className={styles.value}>{row.theirs || '(vacío)'}</span>
        </span>
      </label>
    </fieldset>
  );
}

/** The ways out: what was chosen, all of yours, all of theirs; or on, when nothing clashes. */
function ConflictActions({
  rows,
  chosen,
  onResolve,
}: Pick<ConflictChoiceProps, 'rows' | 'onResolve'> & { chosen: ReadonlySet<string> }) {
  return (
    <div className={styles.actions}>
      {rows.length > 0 ? (
        <>
          <Button onClick={() => onResolve(chosen)}>Usar lo elegido</Button>
          <Button variant="secondary" onClick={() => onResolve(new Set())}>
            Quedarme con lo mío
          </Button>
          <Button
            variant="secondary"
            onClick={() => onResolve(new Set(rows.map((row) => row.key)))}
          >
            Tomar lo de la otra persona
          </Button>
        </>
      ) : (
        <Button onClick={() => onResolve(new Set())}>Seguir editando</Button>
      )}
    </div>
  );
}

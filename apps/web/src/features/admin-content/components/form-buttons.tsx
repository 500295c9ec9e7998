import { Button } from '@/components/ui/button';
import { styles } from './content-styles';

/** A Contenido form's save button ("Guardando…" while it is sent) and, when it can close, Cancelar. */
export function FormButtons({
  sending,
  save,
  onCancel,
}: {
  sending: boolean;
  /** "Guardar banner" */
  save: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className={styles.formActions}>
      <Button type="submit" disabled={sending}>
        {sending ? 'Guardando…' : save}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      ) : null}
    </div>
  );
}

/** The checkbox that offers a record in the store or keeps it back. */
export function ActiveCheck({
  label,
  active,
  onChange,
}: {
  label: string;
  active: boolean;
  onChange: (active: boolean) => void;
}) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={active}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

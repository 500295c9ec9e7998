import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import styles from './branches.module.css';

interface ListSaveBarProps {
  /** What stopped the save, under the list. */
  message: string | null;
  sending: boolean;
  /** A conflict waits for the admin's answer: no save until then. */
  blocked: boolean;
  label: string;
  /** Said once saved, until the next edit ("Zonas guardadas."); empty otherwise. */
  savedNote: string;
}

/** The foot of a branch's list editor: what stopped the save, the button, and the saved note. */
export function ListSaveBar({ message, sending, blocked, label, savedNote }: ListSaveBarProps) {
  return (
    <>
      <FormAlert message={message} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending || blocked}>
          {sending ? 'Guardando…' : label}
        </Button>
        <p role="status" className={styles.saved}>
          {savedNote}
        </p>
      </div>
    </>
  );
}

import { Button } from '@/components/ui/button';
import styles from './list-filters.module.css';

interface CsvDownloadProps {
  onDownload: () => void;
  pending: boolean;
  /** Why the last try failed, in Spanish; shown under the button until the next one. */
  error: Error | null;
  disabled?: boolean;
}

/** A back-office list's «Descargar CSV»: busy while the file is made, the reason if it fails. */
export function CsvDownload({ onDownload, pending, error, disabled = false }: CsvDownloadProps) {
  return (
    <div className={styles.download}>
      <Button onClick={onDownload} disabled={disabled || pending}>
        {pending ? 'Preparando…' : 'Descargar CSV'}
      </Button>
      {error ? (
        <p className={styles.problem} role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

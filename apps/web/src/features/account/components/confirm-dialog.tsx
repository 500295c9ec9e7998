import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Shown inside the dialog when the action failed, so the customer can try again. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

const TABBABLE = 'button:not(:disabled),a[href],input:not(:disabled)';

/**
 * A question before something that cannot be undone. A native modal <dialog>: the page behind
 * is inert, Escape closes it, focus starts on the harmless choice and Tab cycles inside it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busy = false, error, onConfirm, onClose }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancel.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Without this, Tab from the last button leaves for the browser's own toolbar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      // Escape while the request runs would hide the dialog the answer still has to land in.
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div className={styles.inner}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <button ref={cancel} type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Eliminando…' : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

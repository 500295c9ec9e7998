import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { trapFocusInModal } from '@/lib/focus-trap';
import { Button, buttonClass } from './button';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  /** The question; also the dialog's accessible name. */
  title: string;
  /** A picture above the question, in a round badge (decorative). */
  icon?: ReactNode;
  /** What the action will touch, under the question. */
  children?: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  /** The harmless choice. */
  cancelLabel?: ReactNode;
  busy?: boolean;
  /** Shown inside the dialog when the action failed, so the customer can try again. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The dialog shown as a modal while `open`, focus on the harmless choice (`cancel`) when it opens. */
function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // In the commit that changes `open`, not after paint: a screen's own effects of that render
  // (moving focus to what changed) must find the dialog already closed, whatever order the
  // renderer runs effects in (decision 024), or the modal's inert page refuses the focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancel.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return { ref, cancel };
}

/**
 * A question before something that cannot be undone (emptying the cart, deleting an address).
 * A native modal <dialog>: the page behind is inert, Escape and a click on the backdrop close it
 * (not while the action runs), Tab cycles inside it, and the browser hands focus back to the
 * opener. Focus starts on the harmless choice: an accidental Enter must not confirm.
 */
export function ConfirmDialog({
  open,
  title,
  icon,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancelar',
  busy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { ref, cancel } = useModal(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      // Implied by showModal(); said outright for assistive technology that reads attributes only.
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onClose}
      // Escape while the request runs would hide the dialog the answer still has to land in.
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onKeyDown={(event) => trapFocusInModal(event.nativeEvent)}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div className={styles.inner}>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <DialogButtons
          cancelRef={cancel}
          cancelLabel={cancelLabel}
          confirmLabel={busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          busy={busy}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      </div>
    </dialog>
  );
}

/** The harmless choice first (where focus starts), then the action. */
function DialogButtons({
  cancelRef,
  cancelLabel,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: Pick<ConfirmDialogProps, 'cancelLabel' | 'confirmLabel' | 'onConfirm' | 'onClose'> & {
  cancelRef: RefObject<HTMLButtonElement | null>;
  busy: boolean;
}) {
  return (
    <div className={styles.buttons}>
      <button
        ref={cancelRef}
        type="button"
        className={buttonClass('secondary')}
        onClick={onClose}
        disabled={busy}
      >
        {cancelLabel}
      </button>
      <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
        {confirmLabel}
      </Button>
    </div>
  );
}

import { useEffect, useId, useRef } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/control-icons';
import styles from './clear-cart-dialog.module.css';

interface ClearCartDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * Spec §2: 'Vaciar Carrito' asks first. A native modal <dialog>: the page behind is inert,
 * Escape closes it (= Close) and the browser hands focus back to the button that opened it.
 */
export function ClearCartDialog({ open, onClose, onConfirm }: ClearCartDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The harmless choice takes focus: an accidental Enter must not empty the cart.
      closeButton.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <span className={styles.icon} aria-hidden="true">
          <TrashIcon width="28" height="28" />
        </span>
        <h2 id={titleId} className={styles.question}>
          ¿Realmente deseas vaciar el carrito?
        </h2>
        <div className={styles.buttons}>
          {/* The spec's own word; marked English so a Spanish screen reader says it right. */}
          <button ref={closeButton} type="button" className={buttonClass('secondary')} lang="en" onClick={onClose}>
            Close
          </button>
          <Button onClick={onConfirm}>Vaciar</Button>
        </div>
      </div>
    </dialog>
  );
}

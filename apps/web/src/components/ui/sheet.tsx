import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './more-icons';
import styles from './sheet.module.css';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  side?: 'left' | 'bottom';
  /** Spanish label of the close button. */
  closeLabel?: string;
  /** The scrollable content under the title row. */
  children: ReactNode;
}

/**
 * A modal panel on the native <dialog>: the browser traps focus, closes it with Escape, makes
 * the page behind inert and returns focus to the opener. A click on the backdrop closes it too.
 */
export function Sheet({
  open,
  onClose,
  title,
  side = 'bottom',
  closeLabel = 'Cerrar',
  children,
}: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // In the commit that changes `open`, not after paint: a screen's own effects of that render
  // (moving focus to what changed) must find the dialog already closed, whatever order the
  // renderer runs effects in (decision 024), or the modal's inert page refuses the focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.sheet} ${styles[side]}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // Only the backdrop reports the dialog itself as target: the content fills the box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}

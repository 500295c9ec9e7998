import { styles } from './content-styles';

interface OrderArrowsProps {
  /** What the row is, for the buttons' names ("Subir Efectivo"). */
  name: string;
  first: boolean;
  last: boolean;
  disabled?: boolean;
  onMove: (step: -1 | 1) => void;
}

/** Up and down, one place at a time: large targets a finger hits on a tablet, named for a screen reader. */
export function OrderArrows({ name, first, last, disabled = false, onMove }: OrderArrowsProps) {
  return (
    <>
      <button
        type="button"
        className={styles.arrow}
        aria-label={`Subir ${name}`}
        disabled={first || disabled}
        onClick={() => onMove(-1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 15l6-6 6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label={`Bajar ${name}`}
        disabled={last || disabled}
        onClick={() => onMove(1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </>
  );
}

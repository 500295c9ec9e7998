import { HeartIcon } from '@/components/ui/more-icons';
import styles from './favorite-button.module.css';

interface FavoriteButtonProps {
  /** Whether the product is saved; null while that is not known, when the heart cannot be tapped. */
  saved: boolean | null;
  /** A tap's answer is awaited: a second tap would send a second toggle. */
  busy: boolean;
  onClick: () => void;
  className?: string;
}

/** The heart: a toggle button whose state is `aria-pressed`, with a label that does not change. */
export function FavoriteButton({ saved, busy, onClick, className }: FavoriteButtonProps) {
  const waiting = busy || saved === null;
  return (
    <button
      type="button"
      className={[styles.heart, saved ? styles.pressed : undefined, className]
        .filter(Boolean)
        .join(' ')}
      aria-label="Agregar a favoritos"
      aria-pressed={saved === true}
      aria-busy={busy || undefined}
      // Focusable and announced, yet says it cannot be used now (a disabled button would drop focus).
      aria-disabled={waiting || undefined}
      onClick={waiting ? undefined : onClick}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}

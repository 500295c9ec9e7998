import { HeartIcon } from '@/components/ui/more-icons';
import styles from './favorite-button.module.css';

interface FavoriteButtonProps {
  pressed: boolean;
  busy: boolean;
  onClick: () => void;
  className?: string;
}

/** The heart: a toggle button whose state is `aria-pressed`, with a label that does not change. */
export function FavoriteButton({ pressed, busy, onClick, className }: FavoriteButtonProps) {
  return (
    <button
      type="button"
      className={[styles.heart, pressed ? styles.pressed : undefined, className]
        .filter(Boolean)
        .join(' ')}
      aria-label="Agregar a favoritos"
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      // While the server answers, a second tap would send a second toggle.
      onClick={busy ? undefined : onClick}
    >
      <HeartIcon fill={pressed ? 'currentColor' : 'none'} />
    </button>
  );
}

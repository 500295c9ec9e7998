import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './one-line.module.css';

/**
 * A note kept to one line so the board's columns keep the screen; when it does not fit, `Más`
 * opens it whole (and `Menos` closes it again).
 */
export function OneLine({ text, className }: { text: ReactNode; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || open) return;
    const measure = () => setCut(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, text]);
  return (
    <div className={`${styles.wrap} ${className ?? ''}`}>
      <p ref={ref} className={open ? styles.open : styles.line}>
        {text}
      </p>
      {cut || open ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={open}
          onClick={() => setOpen((current) => !current)}
        >
          {open ? 'Menos' : 'Más'}
        </button>
      ) : null}
    </div>
  );
}

import { useId, useState } from 'react';

/**
 * What Aceptar and Rechazar (or Cancelar) share: one answer about what the dialog asks about (an
 * order, or the orders accepted together), given by a tap or typed with its error shown beside it, and a closed dialog forgets what
 * was typed (`onForget` forgets a dialog's own state too).
 */
export function useOrderAnswer<T, S = unknown>(
  order: S | null,
  onAnswer: (order: S, value: T) => void,
  onClose: () => void,
  onForget?: () => void,
) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const close = () => {
    setText('');
    setError(null);
    onForget?.();
    onClose();
  };
  return {
    text,
    error,
    errorId,
    close,
    /** Typing clears the last error. */
    type: (value: string) => {
      setText(value);
      setError(null);
    },
    fail: setError,
    answer: (value: T) => {
      if (!order) return;
      onAnswer(order, value);
      close();
    },
    /** The typed field's attributes: invalid, and described by its error, while there is one. */
    invalid: error
      ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const)
      : ({ 'aria-invalid': undefined, 'aria-describedby': undefined } as const),
  };
}

export type OrderAnswer<T> = ReturnType<typeof useOrderAnswer<T>>;

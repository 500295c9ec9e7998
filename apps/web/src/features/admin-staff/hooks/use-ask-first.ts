import { useState } from 'react';
import { ApiError } from '@/lib/api-client';

/** What the question needs of the change it asks about. */
interface AskedChange {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * A change that asks first in a `ConfirmDialog`: whether the question is open, and the dialog's
 * state (busy while sending, the server's refusal in its words or `failure` when it had none).
 * Asking again forgets the last refusal.
 */
export function useAskFirst(change: AskedChange, failure: string) {
  const [asking, setAsking] = useState(false);
  const close = () => setAsking(false);
  const error =
    change.error instanceof ApiError ? change.error.message : change.error ? failure : null;
  return {
    ask: () => {
      change.reset();
      setAsking(true);
    },
    close,
    /** Spread into the `ConfirmDialog`. */
    dialog: { open: asking, busy: change.isPending, error, onClose: close },
  };
}

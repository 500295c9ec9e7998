import { FAIL_REASONS, FAIL_REASON_TEXT, type FailReason } from '@comanda/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { StopView } from '../lib/trip-view';
import styles from './courier.module.css';

/**
 * "No se pudo entregar": why, chosen from the branch's reasons, then confirmed; the order goes
 * back to the branch's board with it.
 */
export function FailDialog({
  stop,
  onFail,
  onClose,
}: {
  stop: StopView | null;
  onFail: (stop: StopView, reason: FailReason) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<FailReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const legend = useId();
  const close = () => {
    setReason(null);
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={stop !== null}
      title={`¿Por qué no se pudo entregar el pedido #${stop?.order_id ?? ''}?`}
      confirmLabel="Devolver"
      cancelLabel="Volver"
      error={error}
      onConfirm={() => {
        if (!stop) return;
        if (!reason) {
          setError('Elige por qué no se pudo entregar.');
          return;
        }
        onFail(stop, reason);
        close();
      }}
      onClose={close}
    >
      <fieldset className={styles.choices} aria-labelledby={legend}>
        <legend id={legend} className={styles.legend}>
          El pedido vuelve a la sede con el motivo.
        </legend>
        {FAIL_REASONS.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="fail-reason"
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError(null);
              }}
            />
            {FAIL_REASON_TEXT[value]}
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}

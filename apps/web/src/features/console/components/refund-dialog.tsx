import { formatMoney } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { Sheet } from '@/components/ui/sheet';
import { ApiError } from '@/lib/api-client';
import { useRefundOrder } from '../api/refund-order';
import { refundableLeft, type OrderMoney } from '../lib/order-money';
import styles from './order-dialogs.module.css';

/** The reasons a counter gives money back most often; "Otro" lets staff write theirs. */
const REFUND_REASONS = [
  'Faltó un producto',
  'Producto en mal estado',
  'Se cobró de más',
  'Llegó muy tarde',
] as const;

interface RefundDialogProps {
  order: (OrderMoney & { id: number }) | null;
  branchId: number;
  onClose: () => void;
}

/**
 * "Reembolsar" (decision 061): part of an order paid online (a missing item) or all that is left,
 * with the reason the customer will read. The provider gives the money back to the card, PSE or
 * Nequi it came from; the customer gets an email once it is done.
 */
export function RefundDialog({ order, branchId, onClose }: RefundDialogProps) {
  const left = order ? refundableLeft(order) : 0;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<string>('');
  const [other, setOther] = useState('');
  const refund = useRefundOrder(branchId);
  const ids = { amount: useId(), reason: useId(), error: useId() };

  const close = () => {
    setAmount('');
    setReason('');
    setOther('');
    refund.reset();
    onClose();
  };
  const typed = amount.replace(/[.\s$]/g, '');
  const pesos = typed === '' ? left : Number(typed);
  const why = reason === 'Otro' ? other.trim() : reason;
  const fieldErrors = refund.error instanceof ApiError ? refund.error.errors : undefined;
  const problem =
    typed !== '' && !/^[0-9]{1,9}$/.test(typed)
      ? 'Escribe el valor en pesos, sin puntos. Ej.: 12000.'
      : pesos > left
        ? `Puedes reembolsar hasta ${formatMoney(left)}.`
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order || problem || why.length < 3) return;
    refund.mutate(
      { id: order.id, body: { ...(typed === '' ? {} : { amount: pesos }), reason: why } },
      { onSuccess: close },
    );
  };

  return (
    <Sheet
      open={order !== null}
      onClose={close}
      title={order ? `Reembolsar pedido #${order.id}` : 'Reembolsar'}
      closeLabel="Cancelar"
    >
      {order ? (
        <form className={styles.body} onSubmit={submit} noValidate>
          <p className={styles.note}>
            Pagado en línea. Se puede devolver hasta <strong>{formatMoney(left)}</strong>; vuelve al
            medio con el que pagó el cliente.
          </p>
          <div className={styles.other}>
            <label htmlFor={ids.amount} className={styles.otherLabel}>
              Valor a devolver
            </label>
            <input
              id={ids.amount}
              className={styles.input}
              inputMode="numeric"
              placeholder={`${formatMoney(left)} (todo lo que queda)`}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={problem || fieldErrors?.amount ? true : undefined}
              aria-describedby={problem || fieldErrors?.amount ? ids.error : undefined}
            />
          </div>
          <fieldset className={styles.reasonsSet}>
            <legend className={styles.otherLabel}>Motivo (el cliente lo verá)</legend>
            <div className={styles.reasons}>
              {[...REFUND_REASONS, 'Otro'].map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className={`${styles.reason} ${reason === choice ? styles.reasonOpen : ''}`}
                  aria-pressed={reason === choice}
                  onClick={() => setReason(choice)}
                >
                  {choice}
                </button>
              ))}
            </div>
            {reason === 'Otro' ? (
              <input
                id={ids.reason}
                className={styles.input}
                aria-label="Motivo"
                maxLength={200}
                value={other}
                autoFocus
                onChange={(event) => setOther(event.target.value)}
              />
            ) : null}
          </fieldset>
          {problem || refund.isError ? (
            <p id={ids.error} className={styles.error} role="alert">
              {problem ?? fieldErrors?.amount?.[0] ?? refund.error?.message}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${styles.confirm} ${styles.danger}`}
            disabled={refund.isPending || why.length < 3 || problem !== null || left === 0}
          >
            {refund.isPending
              ? 'Enviando…'
              : `Devolver ${formatMoney(typed === '' || problem ? left : pesos)}`}
          </button>
        </form>
      ) : null}
    </Sheet>
  );
}

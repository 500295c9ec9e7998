import { formatMoney } from '@comanda/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useRefundOrder } from '../api/refund-order';
import { refundableLeft, type OrderMoney } from '../lib/order-money';

/**
 * What staff are typing in Reembolsar: the amount (empty: all that is left), the reason, what is
 * wrong with them before sending, and the refund once sent. Closing forgets all of it.
 */
export function useRefundDraft(
  order: (OrderMoney & { id: number }) | null,
  branchId: number,
  onClose: () => void,
) {
  const left = order ? refundableLeft(order) : 0;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<string>('');
  const [other, setOther] = useState('');
  const refund = useRefundOrder(branchId);

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

  return {
    left,
    amount,
    setAmount,
    reason,
    setReason,
    other,
    setOther,
    refund,
    close,
    submit,
    /** The amount the button offers: all that is left until a valid one is typed. */
    shown: typed === '' || problem ? left : pesos,
    ready: why.length >= 3 && problem === null && left > 0,
    problem,
    fieldErrors: refund.error instanceof ApiError ? refund.error.errors : undefined,
  };
}

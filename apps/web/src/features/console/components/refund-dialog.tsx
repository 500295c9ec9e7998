import { formatMoney } from '@comanda/shared';
import { useId } from 'react';
import { Sheet } from '@/components/ui/sheet';
import { useRefundDraft } from '../hooks/use-refund-draft';
import type { OrderMoney } from '../lib/order-money';
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
  const draft = useRefundDraft(order, branchId, onClose);
  const { left, problem, refund } = draft;
  const ids = { amount: useId(), reason: useId(), error: useId() };
  const invalid = Boolean(problem || draft.fieldErrors?.amount);

  return (
    <Sheet
      open={order !== null}
      onClose={draft.close}
      title={order ? `Reembolsar pedido #${order.id}` : 'Reembolsar'}
      closeLabel="Cancelar"
    >
      {order ? (
        <form className={styles.body} onSubmit={draft.submit} noValidate>
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
              value={draft.amount}
              onChange={(event) => draft.setAmount(event.target.value)}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? ids.error : undefined}
            />
          </div>
          <RefundReasons draft={draft} otherId={ids.reason} />
          {problem || refund.isError ? (
            <p id={ids.error} className={styles.error} role="alert">
              {problem ?? draft.fieldErrors?.amount?.[0] ?? refund.error?.message}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${styles.confirm} ${styles.danger}`}
            disabled={refund.isPending || !draft.ready}
          >
            {refund.isPending ? 'Enviando…' : `Devolver ${formatMoney(draft.shown)}`}
          </button>
        </form>
      ) : null}
    </Sheet>
  );
}

/** The reason the customer will read: one of the usual ones, or "Otro" in staff's own words. */
function RefundReasons({
  draft,
  otherId,
}: {
  draft: ReturnType<typeof useRefundDraft>;
  otherId: string;
}) {
  return (
    <fieldset className={styles.reasonsSet}>
      <legend className={styles.otherLabel}>Motivo (el cliente lo verá)</legend>
      <div className={styles.reasons}>
        {[...REFUND_REASONS, 'Otro'].map((choice) => (
          <button
            key={choice}
            type="button"
            className={`${styles.reason} ${draft.reason === choice ? styles.reasonOpen : ''}`}
            aria-pressed={draft.reason === choice}
            onClick={() => draft.setReason(choice)}
          >
            {choice}
          </button>
        ))}
      </div>
      {draft.reason === 'Otro' ? (
        <input
          id={otherId}
          className={styles.input}
          aria-label="Motivo"
          maxLength={200}
          value={draft.other}
          autoFocus
          onChange={(event) => draft.setOther(event.target.value)}
        />
      ) : null}
    </fieldset>
  );
}

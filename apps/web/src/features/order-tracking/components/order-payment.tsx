import { formatMoney, type PaymentType, type PlacedOrder } from '@comanda/shared';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { usePaymentTypes } from '@/entities/payment/api/get-payment-types';
import { PayWithField } from '@/entities/payment/components/pay-with-field';
import { RefundList } from '@/entities/payment/components/refund-list';
import { readPesos } from '@/entities/payment/lib/pay-with';
import { ApiError } from '@/lib/api-client';
import choice from '@/components/ui/choice.module.css';
import { usePayAgain, useSwitchToOnDelivery } from '../api/order-payment';
import type { PaymentReturn } from '../hooks/use-payment-return';
import styles from './order-payment.module.css';

/** What the customer reads about the money, by where it stands. */
function headline(
  order: PlacedOrder,
  returning: PaymentReturn,
): { title: string; text: string; tone: 'waiting' | 'declined' | 'paid' } | null {
  // Just back from the checkout with the money approved: said once, plainly.
  if (returning === 'checked' && order.payment_status === 'approved')
    return {
      title: 'Pago aprobado',
      text: 'Tu pedido ya llegó a la sede. Te avisamos aquí cada vez que avance.',
      tone: 'paid',
    };
  if (order.status === 'payment_expired')
    return {
      title: 'No recibimos tu pago a tiempo',
      text: 'Cancelamos el pedido y no se cobró nada. Si el pago llega después, te lo devolvemos solos.',
      tone: 'declined',
    };
  if (order.status !== 'awaiting_payment') return null;
  if (order.payment_status === 'declined')
    return {
      title: 'Tu pago fue rechazado',
      text: 'No se cobró nada. Intenta de nuevo, con el mismo u otro medio, o paga al recibir tu pedido.',
      tone: 'declined',
    };
  if (returning === 'checking')
    return {
      title: 'Confirmando tu pago…',
      text: 'Estamos preguntando a la pasarela de pagos.',
      tone: 'waiting',
    };
  return {
    title: 'Esperando tu pago',
    text: `Tu pedido llega a la sede cuando se confirme el pago de ${formatMoney(order.total + order.tip)}. Si ya pagaste, la confirmación llega en unos segundos.`,
    tone: 'waiting',
  };
}

/**
 * The money of an order paid online (decision 061): waiting for it (pay, pay again, or switch to
 * paying on delivery without rebuilding the cart), unpaid in time, and every refund with where
 * it stands. Nothing for an order paid at the door that never had a refund.
 */
export function OrderPayment({
  order,
  returning,
}: {
  order: PlacedOrder;
  returning: PaymentReturn;
}) {
  const [switching, setSwitching] = useState(false);
  const said = headline(order, returning);
  const awaiting = order.status === 'awaiting_payment';
  if (!said && order.refunds.length === 0) return null;
  return (
    <section
      className={styles.panel}
      aria-labelledby="order-payment-title"
      data-testid="order-payment"
    >
      {said ? (
        <div className={styles[said.tone]}>
          <h2 id="order-payment-title" className={styles.title}>
            {said.title}
          </h2>
          <p>{said.text}</p>
        </div>
      ) : (
        <h2 id="order-payment-title" className={styles.title}>
          Tu dinero
        </h2>
      )}
      {awaiting ? (
        switching ? (
          <OnDelivery order={order} onCancel={() => setSwitching(false)} />
        ) : (
          <PayActions order={order} onSwitch={() => setSwitching(true)} />
        )
      ) : null}
      <RefundList refunds={order.refunds} />
    </section>
  );
}

function PayActions({ order, onSwitch }: { order: PlacedOrder; onSwitch: () => void }) {
  const pay = usePayAgain(order.id);
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={buttonClass('primary', { block: true })}
        disabled={pay.isPending}
        onClick={() => pay.mutate()}
      >
        {pay.isPending
          ? 'Abriendo la pasarela…'
          : order.payment_status === 'declined'
            ? 'Intentar de nuevo'
            : 'Ir a pagar'}
      </button>
      <button
        type="button"
        className={buttonClass('secondary', { block: true })}
        onClick={onSwitch}
      >
        Pagar al recibir
      </button>
      {pay.isError ? (
        <p role="alert" className={styles.error}>
          {pay.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** "Pagar al recibir": a method paid at the door or the counter, and for cash what it pays with. */
function OnDelivery({ order, onCancel }: { order: PlacedOrder; onCancel: () => void }) {
  const methods = usePaymentTypes();
  const change = useSwitchToOnDelivery(order.id);
  const [chosen, setChosen] = useState<PaymentType | null>(null);
  const [payWith, setPayWith] = useState('');
  const name = useId();
  const offline = (methods.data ?? []).filter((method) => !method.online);
  const given = chosen?.cash && payWith.trim() ? readPesos(payWith) : null;
  const confirm = () => {
    if (!chosen) return;
    change.mutate({ payment: { id: chosen.id }, ...(given ? { pay_with: given } : {}) });
  };
  const fieldErrors = change.error instanceof ApiError ? change.error.errors : undefined;
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>¿Cómo pagas al recibir?</legend>
      <div className={choice.choices}>
        {offline.map((method) => (
          <label key={method.id} className={choice.choice}>
            <input
              type="radio"
              name={name}
              checked={chosen?.id === method.id}
              onChange={() => setChosen(method)}
            />
            <span className={choice.choiceTitle}>{method.parameter.description}</span>
          </label>
        ))}
      </div>
      {chosen?.cash ? (
        <PayWithField
          value={payWith}
          onChange={setPayWith}
          total={order.total + order.tip}
          errors={fieldErrors?.pay_with}
        />
      ) : null}
      {change.isError && !fieldErrors?.pay_with ? (
        <p role="alert" className={styles.error}>
          {change.error.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          disabled={!chosen || change.isPending}
          onClick={confirm}
        >
          {change.isPending ? 'Enviando…' : 'Enviar mi pedido a la sede'}
        </button>
        <button type="button" className={buttonClass('ghost', { block: true })} onClick={onCancel}>
          Volver
        </button>
      </div>
    </fieldset>
  );
}

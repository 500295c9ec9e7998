import { formatMoney, type AppliedPromotion } from '@comanda/shared';
import type { ReactNode, Ref } from 'react';
import {
  OrderSummary,
  SummaryLines,
  type SummaryLine,
} from '@/components/order-summary/order-summary';
import { Button } from '@/components/ui/button';
import { promotionLines } from '@/entities/promotion/lib/cart-price';
import type { CheckoutDeliveryCharge } from '../lib/delivery-charge';
import { FormErrors } from './form-errors';
import styles from './checkout-actions.module.css';

interface CheckoutActionsProps {
  /** What the customer pays: the products plus the delivery fee, less the promotions, plus the tip. */
  total: number;
  /** The courier's tip in `total` (decision 085), on its own line; 0: none. */
  tip?: number;
  /** The delivery address's zone: its fee (its own line) and its minimum order. */
  delivery?: CheckoutDeliveryCharge | null;
  /** The promotions in force that apply, each on its line (`2x1 martes −$22.900`). */
  promotions?: readonly AppliedPromotion[];
  /** A discount code is typed: the server prices it when the order is confirmed, never the page. */
  couponTyped?: boolean;
  count: number;
  sending: boolean;
  /** A word on what is going on (an earlier attempt being confirmed), above the buttons. */
  note: string | null;
  /** Refusals that belong to no section, a timeout, or the summary of what to fix. */
  messages: readonly string[] | undefined;
  messagesRef?: Ref<HTMLDivElement>;
  backLink: ReactNode;
  onContinue: () => void;
}

/** The delivery's fee (and its minimum under it), the promotions, and a discount code's line while one is typed. */
function checkoutLines(
  delivery: CheckoutDeliveryCharge | null | undefined,
  promotions: readonly AppliedPromotion[],
  couponTyped: boolean,
  tip: number,
): SummaryLine[] {
  const lines: SummaryLine[] = [];
  if (delivery)
    lines.push({
      label: `Domicilio (${delivery.zone})`,
      amount: delivery.fee > 0 ? formatMoney(delivery.fee) : 'Gratis',
      note: delivery.minimum ? (
        <p className={delivery.problem ? styles.minimumShort : styles.minimum}>
          {delivery.minimum}
        </p>
      ) : null,
    });
  lines.push(...promotionLines(promotions));
  if (couponTyped) lines.push({ label: 'Descuento', amount: 'se aplica al confirmar' });
  if (tip > 0) lines.push({ label: 'Propina para el domiciliario', amount: formatMoney(tip) });
  return lines;
}

/**
 * product.md «Screens and routes»: the total, 'Volver' and 'Continuar'. On a phone only the total
 * and the buttons stay in reach at the bottom of the screen (the bar); the fee, the discount, the
 * note and the refusals follow the page above it, so the header and the bar never cover more than
 * a quarter of a 360×740 screen, nor the field a refusal is about (decision 077).
 */
export function CheckoutActions({
  total,
  tip = 0,
  delivery,
  promotions = [],
  couponTyped = false,
  count,
  sending,
  note,
  messages,
  messagesRef,
  backLink,
  onContinue,
}: CheckoutActionsProps) {
  const lines = checkoutLines(delivery, promotions, couponTyped, tip);
  const said = lines.length > 0 || note !== null || (messages?.length ?? 0) > 0;
  return (
    <section className={styles.actions} aria-labelledby="checkout-total-title">
      <h2 id="checkout-total-title" className="visually-hidden">
        Total del pedido
      </h2>
      {/* Always there, though empty: the refusals' live region must exist before they come. */}
      <div className={said ? styles.details : styles.quiet}>
        <SummaryLines lines={lines} tone="draft" />
        {note ? (
          <p className={styles.note} role="status">
            {note}
          </p>
        ) : null}
        <div ref={messagesRef} tabIndex={-1} className={styles.messages} role="alert">
          <FormErrors messages={messages} />
        </div>
      </div>
      <div className={styles.bar}>
        <OrderSummary
          tone="draft"
          lines={[]}
          totalClassName={styles.total}
          total={
            <>
              <span>
                Total{' '}
                <span className={styles.count}>
                  ({count === 1 ? '1 producto' : `${count} productos`})
                </span>
              </span>
              <strong className={styles.amount}>{formatMoney(total)}</strong>
            </>
          }
        />
        <div className={styles.buttons}>
          {backLink}
          <ContinueButton sending={sending} onContinue={onContinue} />
        </div>
      </div>
    </section>
  );
}

function ContinueButton({ sending, onContinue }: { sending: boolean; onContinue: () => void }) {
  return (
    <Button
      className={styles.continue}
      onClick={onContinue}
      // aria-disabled, not disabled: the button keeps focus while the order is on its way.
      aria-disabled={sending || undefined}
      aria-busy={sending || undefined}
      data-sending={sending || undefined}
    >
      {sending ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          Enviando…
        </>
      ) : (
        'Continuar'
      )}
    </Button>
  );
}

import {
  CANCEL_REASONS,
  formatMoney,
  PREP_MINUTES,
  REJECT_REASONS,
  REJECT_REASON_MAX,
  REJECT_REASON_OTHER,
  type PlacedOrder,
} from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { useOrderAnswer, type OrderAnswer } from '../hooks/use-order-answer';
import { refundableLeft } from '../lib/order-money';
import { PREP_MINUTES_HINT, readPrepMinutes } from '../lib/prep-minutes';
import styles from './order-dialogs.module.css';
import { FieldError, OrderSheet } from './order-sheet';

/** The preset preparation times, with the branch's usual one among them. */
export function prepChoices(usual: number): number[] {
  return [...new Set([...PREP_MINUTES.choices, usual])].sort((a, b) => a - b);
}

interface AcceptDialogProps {
  /** The order to accept, or the orders accepted together (Aceptar seleccionados); null: closed. */
  orders: readonly PlacedOrder[] | null;
  usualMinutes: number;
  rushMinutes: number;
  onAccept: (orders: readonly PlacedOrder[], minutes: number) => void;
  onClose: () => void;
}

/**
 * "Aceptar": one tap on a time accepts; the branch's usual time comes first to the finger. Several
 * orders get the one time chosen: one promise for all of them.
 */
export function AcceptDialog({
  orders,
  usualMinutes,
  rushMinutes,
  onAccept,
  onClose,
}: AcceptDialogProps) {
  const other = useOrderAnswer(orders, onAccept, onClose);
  const many = orders !== null && orders.length > 1;
  const otherId = useId();
  const onOther = (event: FormEvent) => {
    event.preventDefault();
    const minutes = readPrepMinutes(other.text);
    if (minutes === null) other.fail(PREP_MINUTES_HINT);
    else other.answer(minutes);
  };

  return (
    <OrderSheet
      order={orders?.[0] ?? null}
      title="Aceptar pedido"
      fullTitle={many ? `Aceptar ${orders.length} pedidos` : undefined}
      closeLabel="Cancelar"
      onClose={other.close}
      question={
        many
          ? `¿En cuántos minutos estarán listos ${orders.map((order) => `#${order.id}`).join(', ')}?`
          : '¿En cuántos minutos estará listo?'
      }
      note={
        rushMinutes > 0 ? (
          <>Alta demanda: se suman {rushMinutes} min a la hora que ve el cliente.</>
        ) : null
      }
    >
      <PrepChoices usualMinutes={usualMinutes} onChoose={other.answer} />
      <form className={styles.other} onSubmit={onOther} noValidate>
        <label htmlFor={otherId} className={styles.otherLabel}>
          Otro tiempo (minutos)
        </label>
        <div className={styles.otherRow}>
          <input
            id={otherId}
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={PREP_MINUTES.min}
            max={PREP_MINUTES.max}
            value={other.text}
            onChange={(event) => other.type(event.target.value)}
            {...other.invalid}
          />
          <button type="submit" className={styles.confirm}>
            Aceptar
          </button>
        </div>
        <FieldError id={other.errorId} error={other.error} />
      </form>
    </OrderSheet>
  );
}

/** The preset times as big buttons, the branch's usual one marked. */
function PrepChoices(props: { usualMinutes: number; onChoose: (minutes: number) => void }) {
  return (
    <div className={styles.choices}>
      {prepChoices(props.usualMinutes).map((minutes) => (
        <button
          key={minutes}
          type="button"
          className={`${styles.choice} ${minutes === props.usualMinutes ? styles.usual : ''}`}
          onClick={() => props.onChoose(minutes)}
        >
          <span className={styles.choiceMinutes}>{minutes} min</span>
          {minutes === props.usualMinutes ? (
            <span className={styles.usualLabel}>habitual</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

interface RejectDialogProps {
  order: PlacedOrder | null;
  onReject: (order: PlacedOrder, reason: string) => void;
  onClose: () => void;
  /** Rejecting a new order, or cancelling one already accepted: other words, other reasons. */
  kind?: 'reject' | 'cancel';
}

const STOP_TEXT = {
  reject: {
    title: 'Rechazar pedido',
    question: '¿Por qué no puedes atenderlo? El cliente verá el motivo.',
    reasons: REJECT_REASONS,
    confirm: 'Rechazar pedido',
  },
  cancel: {
    title: 'Cancelar pedido',
    question: '¿Por qué se cancela? El cliente verá el motivo.',
    reasons: CANCEL_REASONS,
    confirm: 'Cancelar pedido',
  },
} as const;

/**
 * "Rechazar" and "Cancelar": the customer is told why, so a reason is one tap (or a few words
 * under "Otro"); the board then offers Deshacer for a few seconds before it is sent.
 */
export function RejectDialog({ order, onReject, onClose, kind = 'reject' }: RejectDialogProps) {
  const words = STOP_TEXT[kind];
  const [writing, setWriting] = useState(false);
  const other = useOrderAnswer(order, onReject, onClose, () => setWriting(false));
  const toRefund = order ? refundableLeft(order) : 0;

  return (
    <OrderSheet
      order={order}
      title={words.title}
      closeLabel={kind === 'cancel' ? 'Volver' : 'Cancelar'}
      onClose={other.close}
      question={words.question}
      note={
        toRefund > 0 ? (
          <>Pagado en línea: le devolvemos {formatMoney(toRefund)} automáticamente.</>
        ) : null
      }
    >
      <div className={styles.reasons}>
        {(order ? words.reasons[order.type_delivery] : []).map((reason) => (
          <button
            key={reason}
            type="button"
            className={styles.reason}
            onClick={() => other.answer(reason)}
          >
            {reason}
          </button>
        ))}
        <button
          type="button"
          className={`${styles.reason} ${writing ? styles.reasonOpen : ''}`}
          aria-expanded={writing}
          onClick={() => setWriting(true)}
        >
          {REJECT_REASON_OTHER}
        </button>
      </div>
      {writing ? <WrittenReason answer={other} confirm={words.confirm} /> : null}
    </OrderSheet>
  );
}

/** "Otro": the reason in the staff's own words, which the customer reads as written. */
function WrittenReason({ answer, confirm }: { answer: OrderAnswer<string>; confirm: string }) {
  const textId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reason = answer.text.trim();
    if (!reason) answer.fail('Escribe el motivo para el cliente.');
    else answer.answer(reason);
  };
  return (
    <form className={styles.other} onSubmit={onSubmit} noValidate>
      <label htmlFor={textId} className={styles.otherLabel}>
        Motivo
      </label>
      <input
        id={textId}
        className={styles.input}
        value={answer.text}
        maxLength={REJECT_REASON_MAX}
        autoFocus
        onChange={(event) => answer.type(event.target.value)}
        {...answer.invalid}
      />
      <FieldError id={answer.errorId} error={answer.error} />
      <button type="submit" className={`${styles.confirm} ${styles.danger}`}>
        {confirm}
      </button>
    </form>
  );
}

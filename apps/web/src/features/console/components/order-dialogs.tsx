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
import { Sheet } from '@/components/ui/sheet';
import { refundableLeft } from '../lib/order-money';
import { PREP_MINUTES_HINT, readPrepMinutes } from '../lib/prep-minutes';
import styles from './order-dialogs.module.css';

/** The preset preparation times, with the branch's usual one among them. */
export function prepChoices(usual: number): number[] {
  return [...new Set([...PREP_MINUTES.choices, usual])].sort((a, b) => a - b);
}

interface AcceptDialogProps {
  order: PlacedOrder | null;
  usualMinutes: number;
  rushMinutes: number;
  onAccept: (order: PlacedOrder, minutes: number) => void;
  onClose: () => void;
}

/** "Aceptar": one tap on a time accepts; the branch's usual time comes first to the finger. */
export function AcceptDialog({
  order,
  usualMinutes,
  rushMinutes,
  onAccept,
  onClose,
}: AcceptDialogProps) {
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const otherId = useId();
  const errorId = useId();

  const close = () => {
    setOther('');
    setError(null);
    onClose();
  };
  const accept = (minutes: number) => {
    if (!order) return;
    onAccept(order, minutes);
    close();
  };
  const onOther = (event: FormEvent) => {
    event.preventDefault();
    const minutes = readPrepMinutes(other);
    if (minutes === null) {
      setError(PREP_MINUTES_HINT);
      return;
    }
    accept(minutes);
  };

  return (
    <Sheet
      open={order !== null}
      onClose={close}
      title={order ? `Aceptar pedido #${order.id}` : 'Aceptar pedido'}
      closeLabel="Cancelar"
    >
      <div className={styles.body}>
        <p className={styles.question}>¿En cuántos minutos estará listo?</p>
        {rushMinutes > 0 ? (
          <p className={styles.note}>
            Alta demanda: se suman {rushMinutes} min a la hora que ve el cliente.
          </p>
        ) : null}
        <div className={styles.choices}>
          {prepChoices(usualMinutes).map((minutes) => (
            <button
              key={minutes}
              type="button"
              className={`${styles.choice} ${minutes === usualMinutes ? styles.usual : ''}`}
              onClick={() => accept(minutes)}
            >
              <span className={styles.choiceMinutes}>{minutes} min</span>
              {minutes === usualMinutes ? (
                <span className={styles.usualLabel}>habitual</span>
              ) : null}
            </button>
          ))}
        </div>
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
              value={other}
              onChange={(event) => {
                setOther(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className={styles.confirm}>
              Aceptar
            </button>
          </div>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </div>
    </Sheet>
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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const errorId = useId();

  const close = () => {
    setWriting(false);
    setText('');
    setError(null);
    onClose();
  };
  const reject = (reason: string) => {
    if (!order) return;
    onReject(order, reason);
    close();
  };
  const onOther = (event: FormEvent) => {
    event.preventDefault();
    const reason = text.trim();
    if (!reason) {
      setError('Escribe el motivo para el cliente.');
      return;
    }
    reject(reason);
  };

  return (
    <Sheet
      open={order !== null}
      onClose={close}
      title={order ? `${words.title} #${order.id}` : words.title}
      closeLabel={kind === 'cancel' ? 'Volver' : 'Cancelar'}
    >
      <div className={styles.body}>
        <p className={styles.question}>{words.question}</p>
        {order && refundableLeft(order) > 0 ? (
          <p className={styles.note}>
            Pagado en línea: le devolvemos {formatMoney(refundableLeft(order))} automáticamente.
          </p>
        ) : null}
        <div className={styles.reasons}>
          {words.reasons.map((reason) => (
            <button
              key={reason}
              type="button"
              className={styles.reason}
              onClick={() => reject(reason)}
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
        {writing ? (
          <form className={styles.other} onSubmit={onOther} noValidate>
            <label htmlFor={textId} className={styles.otherLabel}>
              Motivo
            </label>
            <input
              id={textId}
              className={styles.input}
              value={text}
              maxLength={REJECT_REASON_MAX}
              autoFocus
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className={`${styles.confirm} ${styles.danger}`}>
              {words.confirm}
            </button>
          </form>
        ) : null}
      </div>
    </Sheet>
  );
}

import { formatMoney } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { CloseIcon } from '@/components/ui/more-icons';
import {
  repricedText,
  unavailableText,
  type CartCheck,
  type RepricedLine,
} from '../lib/reconcile-cart';
import styles from './cart-branch-check.module.css';

/** The prices a branch switch changed, with the branch they are now from. */
export interface Repriced {
  title: string;
  lines: RepricedLine[];
}

/** The ✕ that closes the cart's notice. */
function CloseNotice({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      className={styles.close}
      aria-label="Cerrar aviso del carrito"
      onClick={onClose}
    >
      <CloseIcon />
    </button>
  );
}

interface CheckFailedProps {
  branchTitle: string;
  /** The failed read of the branch's products: its error, its retry and whether that is under way. */
  answers: { error: Error | null; isFetching: boolean; refetch: () => unknown };
  onClose: () => void;
}

/** The branch's menu could not be read: the cart is unchecked, said with a retry. */
export function CheckFailed({ branchTitle, answers, onClose }: CheckFailedProps) {
  return (
    <>
      <AlertIcon className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.headline}>No pudimos revisar tu carrito para {branchTitle}.</p>
        <p className={styles.detail}>{answers.error?.message}</p>
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void answers.refetch()}
          disabled={answers.isFetching}
        >
          {answers.isFetching ? 'Reintentando…' : 'Reintentar'}
        </Button>
        <CloseNotice onClose={onClose} />
      </div>
    </>
  );
}

interface CartChangesProps {
  branchTitle: string;
  /** Lines the branch cannot sell, flagged for removal (none once that notice is closed). */
  unavailable: CartCheck['unavailable'];
  repriced: Repriced | null;
  /** `Quitar lo no disponible`; offered while there are unavailable lines. */
  onRemoveUnavailable: (() => void) | null;
  onClose: () => void;
}

/** What the branch changed in the cart: the lines it cannot sell, and the prices already updated. */
export function CartChanges(props: CartChangesProps) {
  const { branchTitle, unavailable, repriced, onRemoveUnavailable, onClose } = props;
  return (
    <>
      <AlertIcon className={styles.icon} />
      <div className={styles.text}>
        {unavailable.length > 0 ? (
          <div>
            <p className={styles.headline}>{unavailableText(unavailable.length, branchTitle)}</p>
            <ul className={styles.items}>
              {unavailable.map(({ line }) => (
                <li key={line._id}>{line.title}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {repriced ? <RepricedLines repriced={repriced} /> : null}
      </div>
      <div className={styles.actions}>
        {unavailable.length > 0 && onRemoveUnavailable ? (
          <Button onClick={onRemoveUnavailable}>Quitar lo no disponible</Button>
        ) : null}
        <CloseNotice onClose={onClose} />
      </div>
    </>
  );
}

/** Each re-priced line, before → now (said "antes" and "ahora" to a screen reader). */
function RepricedLines({ repriced }: { repriced: Repriced }) {
  return (
    <div>
      <p className={styles.headline}>
        {repricedText(repriced.lines.length)} para {repriced.title}
      </p>
      <ul className={styles.items}>
        {repriced.lines.map(({ line, before, after }) => (
          <li key={line._id}>
            {line.title}:{' '}
            <s>
              <span className="visually-hidden">antes </span>
              {formatMoney(before)}
            </s>{' '}
            <span aria-hidden="true">→ </span>
            <span className="visually-hidden">ahora </span>
            {formatMoney(after)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After `Quitar lo no disponible`: the cart is right for the branch now. */
export function CartUpdated({
  branchTitle,
  onClose,
}: {
  branchTitle: string;
  onClose: () => void;
}) {
  return (
    <>
      <p className={`${styles.text} ${styles.headline}`}>
        Listo: tu carrito quedó al día para {branchTitle}.
      </p>
      <div className={styles.actions}>
        <CloseNotice onClose={onClose} />
      </div>
    </>
  );
}

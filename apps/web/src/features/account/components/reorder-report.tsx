import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { addedText, keptTypeText, priceChangeText, problemText } from '../lib/reorder';
import type { ReorderOutcome } from '../lib/use-reorder';
import styles from './reorder-action.module.css';

/**
 * What "Volver a pedir" did: what went in the cart, the order type kept, what could not be
 * added and what changed price, then the way on (an address to choose, the cart).
 */
export function ReorderReport({ outcome }: { outcome: ReorderOutcome }) {
  const askDelivery = outcome.kept.kind === 'delivery-ask';
  return (
    <div className={`${styles.notice} ${outcome.items.length > 0 ? styles.good : styles.bad}`}>
      <p className={styles.lead}>{addedText(outcome.items, outcome.branchTitle)}</p>
      <p className={askDelivery ? styles.ask : undefined}>
        {keptTypeText(outcome.kept, outcome.branchTitle)}
      </p>
      {outcome.problems.length > 0 || outcome.priceChanges.length > 0 ? (
        <ul className={styles.changes}>
          {outcome.problems.map((problem, index) => (
            <li key={`p${index}`}>
              <strong>No agregado:</strong> {problemText(problem, outcome.branchTitle)}
            </li>
          ))}
          {outcome.priceChanges.map((change, index) => (
            <li key={`c${index}`}>{priceChangeText(change)}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.links}>
        {askDelivery ? (
          <Link to={paths.deliveryAddresses.getHref()} className={buttonClass()}>
            Elegir dirección
          </Link>
        ) : null}
        {outcome.items.length > 0 ? (
          <Link
            to={paths.cart.getHref()}
            className={buttonClass(askDelivery ? 'secondary' : 'primary')}
          >
            Ver carrito
          </Link>
        ) : null}
      </div>
    </div>
  );
}

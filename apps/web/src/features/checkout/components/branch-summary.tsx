import type { Branch } from '@comanda/shared';
import type { ReactNode } from 'react';
import { PinIcon } from '@/components/ui/more-icons';
import { FormErrors } from './form-errors';
import shared from './checkout.module.css';
import styles from './branch-summary.module.css';

interface BranchSummaryProps {
  /** 'Recoger En:' for a pickup (product.md «Screens and routes»); the delivery order names the branch that cooks it. */
  heading: string;
  branch: Branch | null;
  /** Whether the branch is open now (the branches feature's badge), composed by the route. */
  status?: ReactNode;
  errors: readonly string[] | undefined;
  onChange: () => void;
}

/** product.md «Screens and routes»: 'Recoger En:' with the branch's title and address and a 'Cambiar' button. */
export function BranchSummary({ heading, branch, status, errors, onChange }: BranchSummaryProps) {
  const invalid = Boolean(errors?.length);
  return (
    <section
      id="checkout-branch"
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-labelledby="checkout-branch-title"
    >
      <div className={shared.head}>
        <h2 id="checkout-branch-title" className={shared.title}>
          {heading}
        </h2>
        <button type="button" className={shared.link} aria-haspopup="dialog" onClick={onChange}>
          {branch ? 'Cambiar' : 'Elegir sede'}
          {branch ? <span className="visually-hidden"> sede</span> : null}
        </button>
      </div>
      <FormErrors messages={errors} />
      {branch ? (
        <div className={styles.branch}>
          <PinIcon className={styles.icon} />
          <div className={styles.text}>
            <p className={styles.title}>{branch.title}</p>
            <p className={shared.muted}>
              {branch.address}
              {branch.city ? `, ${branch.city}` : ''}
            </p>
            {status}
          </div>
        </div>
      ) : (
        <p className={shared.muted}>Aún no has elegido la sede de tu pedido.</p>
      )}
    </section>
  );
}

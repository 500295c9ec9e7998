import type { Branch } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { matchBranch } from '../lib/match-branch';
import styles from './marketing.module.css';
import { pageTitle } from '@/lib/brand';

interface BranchGateProps {
  /** The `:branch` of the URL, as typed. */
  param: string;
  /** GET /api/branch-office, loaded by the route (features do not share hooks). */
  branches: UseQueryResult<Branch[]>;
  /** The screen's name while the branch is not known yet ("Cupón de descuento"). */
  screenTitle: string;
  /** The same screen for another branch, for the not-found list. */
  linkFor: (slug: string) => string;
  children: (branch: Branch) => ReactNode;
}

/**
 * Finds the branch a marketing link names (product.md «Screens and routes») and only then shows the screen: loading,
 * a load error with Reintentar, or a clear "no such branch" page instead of a broken form.
 */
export function BranchGate({ param, branches, screenTitle, linkFor, children }: BranchGateProps) {
  if (branches.isPending) return <MarketingSkeleton title={screenTitle} />;
  if (branches.isError) {
    return (
      <>
        <title>{pageTitle(screenTitle)}</title>
        <h1 className="visually-hidden">{screenTitle}</h1>
        <ErrorState
          message="No pudimos cargar las sedes."
          detail={branches.error.message}
          onRetry={() => void branches.refetch()}
          retrying={branches.isFetching}
        />
      </>
    );
  }
  const branch = matchBranch(branches.data, param);
  if (!branch) return <UnknownBranch param={param} branches={branches.data} linkFor={linkFor} />;
  return children(branch);
}

function UnknownBranch({
  param,
  branches,
  linkFor,
}: {
  param: string;
  branches: Branch[];
  linkFor: (slug: string) => string;
}) {
  // A long pasted link must not push the page sideways.
  const shown = param.length > 40 ? `${param.slice(0, 40)}…` : param;
  return (
    <div className={styles.notFound}>
      <title>{pageTitle('Sede no encontrada')}</title>
      <svg className={styles.notFoundIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="M10 8l4 4M14 8l-4 4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <h1 className={styles.notFoundHeading}>No encontramos la sede “{shown}”</h1>
      <p className={styles.muted}>
        Puede que el enlace esté mal escrito. Estas son nuestras sedes:
      </p>
      <ul className={styles.branchLinks}>
        {branches.map((branch) => (
          <li key={branch.id}>
            <Link to={linkFor(branch.slug)} className={styles.branchLink}>
              <span className={styles.branchLinkTitle}>{branch.title}</span>
              <span className={styles.branchLinkAddress}>{branch.address}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={paths.menu.getHref()} className={buttonClass('secondary')}>
        Ir al Menu
      </Link>
    </div>
  );
}

/** Grey shapes where the picture, the text and the form will be. */
export function MarketingSkeleton({ title }: { title: string }) {
  return (
    <div className={styles.layout} aria-busy="true">
      <title>{pageTitle(title)}</title>
      <h1 className="visually-hidden">{title}</h1>
      <p role="status" className="visually-hidden">
        Cargando…
      </p>
      <div className={styles.hero}>
        <div className={`${styles.skeleton} ${styles.skeletonImage}`} />
        <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
        <div className={`${styles.skeleton} ${styles.skeletonLine} ${styles.skeletonShort}`} />
      </div>
      <div className={styles.formCard}>
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className={`${styles.skeleton} ${styles.skeletonField}`} />
        ))}
      </div>
    </div>
  );
}

import type { SocialAccount } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { useSocialLinks } from '../api/get-social-links';
import { ExternalIcon, SocialIcon } from './social-icons';
import styles from './social-links.module.css';
import { brandName, pageTitle } from '@/lib/brand';

/** One account: the network's mark, its name and the handle; it opens in a new tab. */
function SocialLink({ account, featured = false }: { account: SocialAccount; featured?: boolean }) {
  return (
    <a
      className={`${styles.link} ${featured ? styles.featured : ''}`}
      href={account.href}
      target="_blank"
      // The network gets no handle on this page, and no referrer.
      rel="noopener noreferrer"
      data-network={account.network}
    >
      <span className={`${styles.mark} ${styles[account.network]}`}>
        <SocialIcon network={account.network} />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{account.name}</span>
        <span className={styles.handle}>{account.handle}</span>
      </span>
      <ExternalIcon className={styles.external} />
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** /redes-sociales (product.md «Screens and routes»): the brand's social accounts and the messaging link. */
export function SocialLinks() {
  const links = useSocialLinks();
  return (
    <div className={styles.page}>
      <title>{pageTitle('Redes sociales')}</title>
      <div className={styles.intro}>
        <p className={styles.brand}>{brandName()}</p>
        <h1 className={styles.heading}>Redes sociales</h1>
        <p className={styles.lead}>
          Síguenos y entérate primero de promociones, platos nuevos y cupones en tu sede.
        </p>
      </div>
      {links.isPending ? (
        <div className={styles.loading} aria-busy="true">
          <span className="visually-hidden">Cargando…</span>
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
        </div>
      ) : links.isError ? (
        <ErrorState
          message="No pudimos cargar las redes sociales."
          detail={links.error.message}
          onRetry={() => void links.refetch()}
          retrying={links.isFetching}
        />
      ) : (
        <>
          {links.data.accounts.length > 0 ? (
            <section aria-labelledby="siguenos" className={styles.section}>
              <h2 id="siguenos" className={styles.sectionTitle}>
                Síguenos
              </h2>
              <ul className={styles.list}>
                {links.data.accounts.map((account) => (
                  <li key={account.network}>
                    <SocialLink account={account} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {links.data.messaging ? (
            <section aria-labelledby="escribenos" className={styles.section}>
              <h2 id="escribenos" className={styles.sectionTitle}>
                Escríbenos
              </h2>
              <SocialLink account={links.data.messaging} featured />
            </section>
          ) : null}
        </>
      )}
      <Link to={paths.menu.getHref()} className={`${buttonClass('secondary')} ${styles.back}`}>
        Ir al Menu
      </Link>
    </div>
  );
}

import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { socialNetworks, type SocialAccount } from '../config/social-networks';
import { ExternalIcon, SocialIcon } from './social-icons';
import styles from './social-links.module.css';

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

/** /redes-sociales (product.md «Screens and routes»): the brand's two social accounts and the messaging link. */
export function SocialLinks() {
  const { brand, accounts, messaging } = socialNetworks;
  return (
    <div className={styles.page}>
      <title>Redes sociales · Comanda</title>
      <div className={styles.intro}>
        <p className={styles.brand}>{brand}</p>
        <h1 className={styles.heading}>Redes sociales</h1>
        <p className={styles.lead}>Síguenos y entérate primero de promociones, platos nuevos y cupones en tu sede.</p>
      </div>
      <section aria-labelledby="siguenos" className={styles.section}>
        <h2 id="siguenos" className={styles.sectionTitle}>
          Síguenos
        </h2>
        <ul className={styles.list}>
          {accounts.map((account) => (
            <li key={account.network}>
              <SocialLink account={account} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="escribenos" className={styles.section}>
        <h2 id="escribenos" className={styles.sectionTitle}>
          Escríbenos
        </h2>
        <SocialLink account={messaging} featured />
      </section>
      <Link to={paths.menu.getHref()} className={`${buttonClass('secondary')} ${styles.back}`}>
        Ir al Menu
      </Link>
    </div>
  );
}

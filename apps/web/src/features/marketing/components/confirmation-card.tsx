import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import styles from './marketing.module.css';
import { pageTitle } from '@/lib/brand';

interface ConfirmationCardProps {
  /** The document title and the page's h1. */
  heading: string;
  /** When the picture already says it, the h1 is for screen readers only. */
  hideHeading?: boolean;
  image?: { src: string; alt: string } | undefined;
  children?: ReactNode;
}

/** The end of a marketing form (product.md «Screens and routes»): a confirmation picture or check mark, and 'Ir al Menu'. */
export function ConfirmationCard({
  heading,
  hideHeading = false,
  image,
  children,
}: ConfirmationCardProps) {
  return (
    <div className={styles.confirmation}>
      <title>{pageTitle(heading)}</title>
      {image ? (
        <Picture
          className={styles.confirmationImage}
          src={image.src}
          kind="coupon"
          sizes="(min-width: 720px) 720px, 100vw"
          alt={image.alt}
          width={1080}
          height={720}
          load="lcp"
        />
      ) : (
        <span className={styles.check}>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      )}
      <div className={styles.confirmationBody}>
        <h1 className={hideHeading ? 'visually-hidden' : styles.confirmationHeading}>{heading}</h1>
        {children}
        <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
          Ir al Menu
        </Link>
      </div>
    </div>
  );
}

import type { SVGProps } from 'react';
import type { SocialNetworkName as SocialNetwork } from '@comanda/shared';

/** The networks' marks, simplified, inline (nothing fetched, nothing tracked). Decorative. */
type IconProps = SVGProps<SVGSVGElement>;

const base = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const InstagramIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
  </svg>
);

const FacebookIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
  </svg>
);

const WhatsAppIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M3 21l1.7-5A8.5 8.5 0 1 1 8 19.4z" />
    <path d="M9 8.6c.2 2.9 3.5 6.2 6.4 6.4l1.3-1.5-2.2-1.1-.9.8c-1-.5-2.2-1.7-2.7-2.7l.8-.9-1.1-2.2z" />
  </svg>
);

export const ExternalIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);

export function SocialIcon({ network, ...props }: IconProps & { network: SocialNetwork }) {
  if (network === 'instagram') return <InstagramIcon {...props} />;
  if (network === 'facebook') return <FacebookIcon {...props} />;
  return <WhatsAppIcon {...props} />;
}

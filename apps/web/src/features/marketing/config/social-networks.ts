/**
 * The brand's social accounts and messaging link (product.md «Screens and routes» /redes-sociales): the ONE place a
 * chain edits them. The demo chain is "La Brasa Dorada"; the WhatsApp number is a placeholder
 * (Colombia's +57 prefix with zeros) until a chain puts its own.
 */
export type SocialNetwork = 'instagram' | 'facebook' | 'whatsapp';

export interface SocialAccount {
  network: SocialNetwork;
  /** The network's name as customers know it. */
  name: string;
  /** What the customer sees: the handle or page name. */
  handle: string;
  href: string;
}

export const socialNetworks = {
  brand: 'La Brasa Dorada',
  accounts: [
    { network: 'instagram', name: 'Instagram', handle: '@labrasadorada', href: 'https://www.instagram.com/labrasadorada' },
    { network: 'facebook', name: 'Facebook', handle: 'La Brasa Dorada', href: 'https://www.facebook.com/labrasadorada' },
  ],
  messaging: {
    network: 'whatsapp',
    name: 'WhatsApp',
    handle: 'Chatea con nosotros',
    href: 'https://wa.me/573000000000',
  },
} as const satisfies { brand: string; accounts: readonly SocialAccount[]; messaging: SocialAccount };

import { SocialLinks } from '@/features/marketing/components/social-links';

/** /redes-sociales (product.md «Screens and routes»): the brand's two social accounts and the messaging link. */
export default function SocialNetworksRoute() {
  return <SocialLinks />;
}

import { SocialLinks } from '@/features/marketing/components/social-links';

/** /redes-sociales (spec §2): the brand's two social accounts and the messaging link. */
export default function SocialNetworksRoute() {
  return <SocialLinks />;
}

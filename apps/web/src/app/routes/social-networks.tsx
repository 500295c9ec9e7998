import { ComingSoon } from '@/components/ui/coming-soon';

/** /redes-sociales (spec §2): the brand's social accounts. */
export default function SocialNetworksRoute() {
  return <ComingSoon title="Redes sociales" />;
}

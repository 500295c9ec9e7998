import { ComingSoon } from '@/components/ui/coming-soon';

/** /registrate (spec §2; DESIGN §4: a working registration). */
export default function RegisterRoute() {
  return <ComingSoon title="REGISTRO" />;
}

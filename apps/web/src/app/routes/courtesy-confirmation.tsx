import { ComingSoon } from '@/components/ui/coming-soon';

/** /cortesia-confirmacion/:branch (spec §2): confirmation image and a link. */
export default function CourtesyConfirmationRoute() {
  return <ComingSoon title="Reserva registrada" />;
}

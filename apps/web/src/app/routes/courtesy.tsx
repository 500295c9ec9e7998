import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { MutedText } from '@/components/ui/page';

/** /cortesia/:branch (spec §2): the courtesy/reservation form of a branch. */
export default function CourtesyRoute() {
  const { branch = '' } = useParams();
  return (
    <ComingSoon title="Cortesía">
      <MutedText>Sede: {branch}</MutedText>
    </ComingSoon>
  );
}

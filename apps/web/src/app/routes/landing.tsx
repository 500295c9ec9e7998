import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { BikeIcon, StoreIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ORDER_TYPE, useSession } from '@/stores/session-store';
import styles from './landing.module.css';

/**
 * / (spec §2): the question and the two choices. Choosing stores the delivery type (spec §4)
 * and moves on. The sample carousel comes with the landing issue.
 */
export default function LandingRoute() {
  const navigate = useNavigate();
  const setDelivery = useSession((state) => state.setDelivery);
  const setOrderType = useSession((state) => state.setOrderType);

  return (
    <div className={styles.landing}>
      <title>Comanda</title>
      <h1 className={styles.heading}>Que deseas hacer hoy?</h1>
      <div className={styles.choices}>
        <Button
          block
          onClick={() => {
            setDelivery('domicilio');
            setOrderType(ORDER_TYPE.delivery);
            void navigate(paths.menu.getHref());
          }}
        >
          <BikeIcon /> A Domicilio
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => {
            setDelivery('delivery-takeout');
            setOrderType(ORDER_TYPE.pickup);
            void navigate(paths.pickupBranches.getHref());
          }}
        >
          <StoreIcon /> Para Recoger
        </Button>
      </div>
    </div>
  );
}

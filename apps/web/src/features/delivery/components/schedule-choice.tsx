import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { OrderWhen } from '@/entities/schedule/components/order-when';
import { scheduledChoice } from '@/entities/schedule/lib/scheduled-choice';
import { useSession } from '@/stores/session-store';
import styles from './schedule-choice.module.css';

interface ScheduleChoiceProps {
  branchId: number;
  /** After `Listo`: the choice is kept in the session for the menu's line and checkout. */
  onDone: () => void;
}

/**
 * /programar (product.md «Order ahead»): the choices checkout shows — `Lo antes posible` or a day
 * and a slot — made before the cart is filled, for the chosen branch. `Listo` keeps the choice;
 * leaving without it keeps the one before.
 */
export function ScheduleChoice({ branchId, onDone }: ScheduleChoiceProps) {
  const stored = useSession((session) => session.scheduled);
  const chooseScheduled = useSession((session) => session.chooseScheduled);
  const kept = stored?.branchId === branchId ? stored.slot : null;
  const [when, setWhen] = useState({ scheduling: kept !== null, slot: kept });
  const change = useCallback(
    (scheduling: boolean, slot: string | null) => setWhen({ scheduling, slot }),
    [],
  );
  const ready = !when.scheduling || when.slot !== null;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        chooseScheduled(scheduledChoice(branchId, when.scheduling ? when.slot : null));
        onDone();
      }}
    >
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">¿Para cuándo?</legend>
        <OrderWhen
          branchId={branchId}
          value={when.slot}
          scheduling={when.scheduling}
          onChange={change}
        />
      </fieldset>
      <Button type="submit" block disabled={!ready}>
        {ready ? 'Listo' : 'Elige una franja'}
      </Button>
    </form>
  );
}

import { Button } from '@/components/ui/button';
import { OrderWhen } from '@/entities/schedule/components/order-when';
import { scheduledChoice } from '@/entities/schedule/lib/scheduled-choice';
import { noProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSession } from '@/stores/session-store';
import { useDeliveryOption, type DeliveryOptionState } from '../hooks/use-delivery-option';
import styles from './schedule-choice.module.css';

const FIELDS = ['scheduling', 'slot'] as const;
type Field = (typeof FIELDS)[number];

/** A delivery's estimate as the menu's line says it; undefined for a pickup (the queue's). */
function etaOf(state: DeliveryOptionState): readonly [number, number] | null | undefined {
  if (state.kind === 'pickup') return undefined;
  return state.kind === 'served' ? [state.option.eta_min, state.option.eta_max] : null;
}

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
  const deliveryEta = etaOf(useDeliveryOption());
  // As strings, as the form keeps them: scheduling '1' or '', the slot's start or ''.
  const { values, setValue, onSubmit } = useForm<Field, null>({
    fields: FIELDS,
    initial: { scheduling: kept === null ? '' : '1', slot: kept ?? '' },
    // Nothing to check: `Listo` stays disabled until a slot is picked.
    check: () => noProblems(),
    send: ({ scheduling, slot }) => {
      chooseScheduled(scheduledChoice(branchId, scheduling && slot ? slot : null));
      return Promise.resolve(null);
    },
    onSent: onDone,
    // Leaving without `Listo` keeps the choice before: nothing is lost.
    guard: false,
  });
  const scheduling = values.scheduling !== '';
  const slot = values.slot || null;
  const ready = !scheduling || slot !== null;

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">¿Para cuándo?</legend>
        <OrderWhen
          branchId={branchId}
          value={slot}
          scheduling={scheduling}
          deliveryEta={deliveryEta}
          onChange={(nextScheduling, nextSlot) => {
            setValue('scheduling', nextScheduling ? '1' : '');
            setValue('slot', nextSlot ?? '');
          }}
        />
      </fieldset>
      <Button type="submit" block disabled={!ready}>
        {ready ? 'Listo' : 'Elige una franja'}
      </Button>
    </form>
  );
}

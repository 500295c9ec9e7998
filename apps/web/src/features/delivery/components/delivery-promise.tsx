import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { BikeIcon, StoreIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { deliveryLine, pickupLine } from '@/entities/delivery/lib/delivery-text';
import { useSession } from '@/stores/session-store';
import { closedNotice, type DeliveryOptionState } from '../hooks/use-delivery-option';
import styles from './delivery-promise.module.css';

interface DeliveryPromiseProps {
  state: DeliveryOptionState;
  /** For pickup: the chosen branch as the branch list gives it now (its estimate follows rush and pauses). */
  pickup: {
    id: number;
    title: string;
    eta: readonly [number, number] | null;
    accepting: boolean;
    closed: string | null;
    paused?: string | null;
  } | null;
  /** Shown under the warning while the line's branch takes no orders: another branch to switch to. */
  offer?: ReactNode;
}

/** `Programar` at `branchId` (product.md «Order ahead»), or the time already scheduled there. */
function ScheduleLink({ branchId }: { branchId: number }) {
  const scheduled = useSession((session) => session.scheduled);
  return (
    <Link to={paths.schedule.getHref()} className={styles.when}>
      {scheduled?.branchId === branchId ? `${scheduled.label} · Cambiar` : 'Programar'}
    </Link>
  );
}

/** `Cambiar` (or `Elegir barrio`): back to the address step. */
function ChangeLink({ label }: { label: string }) {
  return (
    <Link to={paths.deliveryAddresses.getHref()} className={styles.change}>
      {label}
      <span className="visually-hidden"> dirección de entrega</span>
    </Link>
  );
}

/**
 * product.md «Delivery before ordering»: how the order reaches the customer, its fee, minimum and
 * estimate, said before anything is ordered ("Domicilio a Mazurén · $5.000 · mínimo $30.000 ·
 * llega en 35–50 min" or "Recoger en Campiña · listo en 20–30 min"). A live region: when rush
 * mode or a pause changes the figures, the new line is read out. Once a branch is known it offers
 * `Programar` (product.md «Order ahead»), the way on at a closed branch.
 */
export function DeliveryPromise({ state, pickup, offer }: DeliveryPromiseProps) {
  let icon = <BikeIcon />;
  let text: string | null = null;
  let warning: string | null = null;
  let change: string | null = 'Cambiar';
  let branchId: number | null = null;

  switch (state.kind) {
    case 'pickup':
      if (!pickup) return null;
      icon = <StoreIcon />;
      // Closed, "listo en 20–30 min" would promise what it cannot: the line says when it opens.
      text = pickupLine(pickup.title, pickup.accepting ? pickup.eta : null);
      warning = closedNotice(state, pickup);
      change = null;
      branchId = pickup.id;
      break;
    case 'no-place':
      text = 'Domicilio · ¿a dónde lo llevamos?';
      change = 'Elegir barrio';
      break;
    case 'loading':
      text = `Domicilio a ${state.neighbourhood} · calculando costo y tiempo…`;
      break;
    case 'error':
      text = `Domicilio a ${state.neighbourhood}`;
      warning = `No pudimos calcular el costo y el tiempo de entrega. ${state.message}`;
      break;
    case 'not-served':
      text = `Domicilio a ${state.neighbourhood}`;
      warning = state.branchTitle
        ? `${state.branchTitle} no llega a ${state.neighbourhood}.${state.others.length > 0 ? ' Elige la sede que te lo lleva.' : ''}`
        : 'Elige la sede que te lo lleva.';
      break;
    case 'served':
      text = deliveryLine(state.option, state.neighbourhood);
      branchId = state.option.branch.id;
      warning = closedNotice(state, pickup);
      break;
  }

  return (
    <section className={styles.promise} aria-label="Tu entrega">
      <span className={styles.icon}>{icon}</span>
      <div className={styles.text}>
        <p className={styles.line} role="status" data-testid="delivery-promise">
          {text}
        </p>
        {warning ? <p className={styles.warning}>{warning}</p> : null}
        {offer && closedNotice(state, pickup) !== null ? offer : null}
        {branchId === null ? null : <ScheduleLink branchId={branchId} />}
      </div>
      {change ? <ChangeLink label={change} /> : null}
    </section>
  );
}

import { chainClock, type CurrentTrip } from '@comanda/shared';
import { useId, useState } from 'react';
import type { CourierAction } from '../lib/courier-action';
import styles from './courier.module.css';

interface ShiftCardProps {
  current: CurrentTrip;
  on: boolean;
  hasTrip: boolean;
  actions: { run: (action: CourierAction) => void; busy: boolean };
}

/** Empezar turno (at the branch chosen, when the courier works at several) and Terminar turno. */
export function ShiftCard({ current, on, hasTrip, actions }: ShiftCardProps) {
  const { shift, branches } = current;
  if (on) {
    return (
      <section className={styles.card} aria-labelledby="courier-shift">
        <h2 id="courier-shift" className={styles.cardTitle}>
          En turno{shift ? ` · ${shift.branch.title}` : ''}
        </h2>
        {shift ? (
          <p className={styles.muted}>Desde las {chainClock(new Date(shift.started_at))}</p>
        ) : null}
        {hasTrip ? null : (
          <>
            <p className={styles.waiting}>
              Sin viaje por ahora. El teléfono suena cuando te asignen pedidos.
            </p>
            <button
              type="button"
              className={`${styles.action} ${styles.secondary}`}
              disabled={actions.busy}
              onClick={() => actions.run({ kind: 'shift', on: false })}
            >
              Terminar turno
            </button>
          </>
        )}
      </section>
    );
  }
  return <StartShift branches={branches} actions={actions} />;
}

function StartShift({
  branches,
  actions,
}: Pick<CurrentTrip, 'branches'> & Pick<ShiftCardProps, 'actions'>) {
  const [chosen, setChosen] = useState<number | null>(null);
  const legend = useId();
  const branchId = branches.length === 1 ? branches[0]!.id : chosen;
  return (
    <section className={styles.card} aria-labelledby="courier-shift">
      <h2 id="courier-shift" className={styles.cardTitle}>
        Fuera de turno
      </h2>
      <p className={styles.muted}>Empieza tu turno para recibir pedidos.</p>
      {branches.length > 1 ? (
        <fieldset className={styles.choices} aria-labelledby={legend}>
          <legend id={legend} className={styles.legend}>
            ¿En qué sede trabajas hoy?
          </legend>
          {branches.map((branch) => (
            <label key={branch.id} className={styles.choice}>
              <input
                type="radio"
                name="courier-branch"
                checked={chosen === branch.id}
                onChange={() => setChosen(branch.id)}
              />
              {branch.title}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button
        type="button"
        className={styles.action}
        disabled={actions.busy || branchId === null}
        onClick={() =>
          branchId !== null && actions.run({ kind: 'shift', on: true, branch_id: branchId })
        }
      >
        Empezar turno
      </button>
    </section>
  );
}

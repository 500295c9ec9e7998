import { useEffect, useId } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useCoverage, type CoverageOption } from '@/entities/delivery/api/get-coverage';
import { deliveryLine, minutesRange } from '@/entities/delivery/lib/delivery-text';
import { formatMoney } from '@comanda/shared';
import { NotServed } from './not-served';
import styles from './delivery-step.module.css';

/** Why the first is suggested, said truthfully: the server puts branches taking orders now first. */
function suggestionReason(options: readonly CoverageOption[]): string {
  const [first, ...others] = options;
  if (first?.accepting_orders && others.some((option) => !option.accepting_orders)) {
    return others.some((option) => option.accepting_orders)
      ? 'Te sugerimos, entre las que reciben pedidos ahora, la de menor costo y menor tiempo.'
      : 'Te sugerimos la que recibe pedidos ahora.';
  }
  return 'Te sugerimos la de menor costo y menor tiempo.';
}

interface CoverageChoiceProps {
  neighbourhood: string;
  /** The branch chosen now, if any. */
  branchId: number | undefined;
  /** A branch that serves the neighbourhood was chosen (by the customer, or for them: the first). */
  onChoose: (option: CoverageOption) => void;
  onPickup: () => void;
}

/**
 * Which branch brings the order to `neighbourhood`, and at what fee, minimum and time. The
 * server lists them cheapest first, then quickest: the first is chosen for the customer unless
 * they already have one that serves it, and they can change among those that do.
 */
export function CoverageChoice({
  neighbourhood,
  branchId,
  onChoose,
  onPickup,
}: CoverageChoiceProps) {
  const coverage = useCoverage(neighbourhood);
  const options = coverage.data;
  const current = options?.find((option) => option.branch.id === branchId);
  const first = options?.[0];

  useEffect(() => {
    if (!current && first) onChoose(first);
  }, [current, first, onChoose]);

  if (coverage.isPending) {
    return (
      <div
        className={styles.skeletons}
        role="status"
        aria-label={`Buscando la sede que llega a ${neighbourhood}`}
      >
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (coverage.isError) {
    return (
      <ErrorState
        message={`No pudimos revisar qué sede llega a ${neighbourhood}.`}
        detail={coverage.error.message}
        onRetry={() => void coverage.refetch()}
        retrying={coverage.isFetching}
      />
    );
  }
  if (coverage.data.length === 0)
    return <NotServed neighbourhood={neighbourhood} onPickup={onPickup} />;

  return (
    <CoverageList
      neighbourhood={neighbourhood}
      options={coverage.data}
      chosen={current ?? first}
      onChoose={onChoose}
    />
  );
}

/** The branches that serve `neighbourhood` as radios, the suggested one first. */
function CoverageList({
  neighbourhood,
  options,
  chosen,
  onChoose,
}: {
  neighbourhood: string;
  options: readonly CoverageOption[];
  chosen: CoverageOption | undefined;
  onChoose: (option: CoverageOption) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.coverage}>
      <legend className={styles.coverageTitle}>
        {options.length === 1
          ? `La sede que llega a ${neighbourhood}`
          : `Sedes que llegan a ${neighbourhood}`}
      </legend>
      {options.length > 1 ? <p className={styles.count}>{suggestionReason(options)}</p> : null}
      {options.map((option, index) => (
        <CoverageRow
          key={option.branch.id}
          name={name}
          option={option}
          neighbourhood={neighbourhood}
          checked={option.branch.id === chosen?.branch.id}
          suggested={index === 0 && options.length > 1}
          onChoose={() => onChoose(option)}
        />
      ))}
    </fieldset>
  );
}

/** One branch that delivers there: its fee, minimum and time, and whether it takes orders now. */
function CoverageRow({
  name,
  option,
  neighbourhood,
  checked,
  suggested,
  onChoose,
}: {
  name: string;
  option: CoverageOption;
  neighbourhood: string;
  checked: boolean;
  suggested: boolean;
  onChoose: () => void;
}) {
  return (
    <label className={styles.branch}>
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChoose}
        aria-label={`${option.branch.title}: ${deliveryLine(option, neighbourhood)}`}
      />
      <span className={styles.branchText}>
        <span className={styles.branchTitle}>
          {option.branch.title}
          {suggested ? <span className={styles.badge}>Sugerida</span> : null}
        </span>
        <span>
          Domicilio {option.fee > 0 ? formatMoney(option.fee) : 'gratis'} ·{' '}
          {option.min_order > 0 ? `mínimo ${formatMoney(option.min_order)}` : 'sin mínimo'}
        </span>
        <span>Llega en {minutesRange(option.eta_min, option.eta_max)}</span>
        {option.accepting_orders === false ? (
          <span className={styles.paused}>No recibe pedidos en este momento</span>
        ) : null}
      </span>
    </label>
  );
}

import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_ATTEMPT_TEXT, PAYMENT_MESSAGES } from '@comanda/shared';
import { useId } from 'react';
import listStyles from '@/components/admin/list-filters.module.css';
import { Button } from '@/components/ui/button';
import { useBranchChoices } from '@/lib/admin/branch-choices';
import { isRangeValid, type FilterName, type PaymentFilters } from '../lib/payment-filters';
import styles from './payments.module.css';

interface PaymentFiltersFormProps {
  filters: PaymentFilters;
  onChange: (name: FilterName, value: string) => void;
  /** Back to the last 30 days of every branch; absent when nothing is narrowed. */
  onReset: (() => void) | undefined;
}

/** Desde, Hasta, Sede and Estado: each change lands in the URL, so a link keeps the view. */
export function PaymentFiltersForm({ filters, onChange, onReset }: PaymentFiltersFormProps) {
  const ids = { from: useId(), to: useId(), range: useId() };
  const rangeValid = isRangeValid(filters);
  const set = (name: FilterName) => (event: { target: { value: string } }) =>
    onChange(name, event.target.value);

  return (
    <div className={styles.filterBlock}>
      <div className={listStyles.filters}>
        <label className={listStyles.filter} htmlFor={ids.from}>
          <span>Desde</span>
          <input id={ids.from} type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label className={listStyles.filter} htmlFor={ids.to}>
          <span>Hasta</span>
          <input
            id={ids.to}
            type="date"
            value={filters.to}
            min={filters.from}
            onChange={set('to')}
            aria-invalid={rangeValid ? undefined : true}
            aria-describedby={rangeValid ? undefined : ids.range}
          />
        </label>
        <BranchFilter value={filters.branchId ?? ''} onChange={set('branch')} />
        <StatusFilter value={filters.status ?? ''} onChange={set('status')} />
        {onReset ? (
          <Button variant="ghost" className={styles.reset} onClick={onReset}>
            Quitar filtros
          </Button>
        ) : null}
      </div>
      {rangeValid ? null : (
        <p id={ids.range} className={listStyles.problem} role="alert">
          {PAYMENT_MESSAGES.rangeInvalid}
        </p>
      )}
    </div>
  );
}

interface ChoiceFilterProps {
  value: string | number;
  onChange: (event: { target: { value: string } }) => void;
}

function BranchFilter({ value, onChange }: ChoiceFilterProps) {
  // The choices are a convenience: while they load, or if they fail, the list still shows.
  const branches = useBranchChoices().data ?? [];
  const id = useId();
  return (
    <label className={listStyles.filter} htmlFor={id}>
      <span>Sede</span>
      <select id={id} value={value} onChange={onChange}>
        <option value="">Todas las sedes</option>
        {branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function StatusFilter({ value, onChange }: ChoiceFilterProps) {
  const id = useId();
  return (
    <label className={listStyles.filter} htmlFor={id}>
      <span>Estado</span>
      <select id={id} value={value} onChange={onChange}>
        <option value="">Todos los estados</option>
        {PAYMENT_ATTEMPT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_ATTEMPT_TEXT[status]}
          </option>
        ))}
      </select>
    </label>
  );
}

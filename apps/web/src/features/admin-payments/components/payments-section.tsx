import { chainToday } from '@comanda/shared';
import { useSearchParams } from 'react-router';
import { AdminSection } from '@/components/admin/admin-section';
import {
  filtersFromParams,
  hasFilters,
  isRangeValid,
  queryOf,
  withFilter,
  type FilterName,
} from '../lib/payment-filters';
import { PaymentFiltersForm } from './payment-filters';
import { PaymentsResults } from './payments-results';

/**
 * /panel/admin/pagos: every online payment attempt of the chain with its refunds, for a manager
 * reconciling against the provider's statement. The filters live in the URL (desde, hasta,
 * sede, estado), so a reload or a shared link shows the same list.
 */
export function PaymentsSection() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params, chainToday());
  const change = (name: FilterName, value: string) =>
    setParams((current) => withFilter(current, name, value), { replace: true });

  return (
    <AdminSection
      title="Pagos"
      description="Los pagos en línea de la cadena y sus reembolsos, para conciliar con el extracto de la pasarela. Fechas y horas de la cadena."
    >
      <PaymentFiltersForm
        filters={filters}
        onChange={change}
        onReset={hasFilters(params) ? () => setParams({}, { replace: true }) : undefined}
      />
      {/* A range that ends before it starts is said beside the dates; nothing is asked. */}
      {isRangeValid(filters) ? <PaymentsResults query={queryOf(filters)} /> : null}
    </AdminSection>
  );
}

import {
  addDays,
  isApiDay,
  PAYMENT_ATTEMPT_STATUSES,
  type AdminPaymentsQuery,
  type PaymentAttemptStatus,
} from '@comanda/shared';

/** The screen's filters as the URL spells them, in Spanish like the section's path. */
export const FILTER_PARAMS = {
  from: 'desde',
  to: 'hasta',
  branch: 'sede',
  status: 'estado',
} as const;

export type FilterName = keyof typeof FILTER_PARAMS;

/** As the server: without dates, from 30 chain days ago to today. */
export const DEFAULT_DAYS = 30;

export interface PaymentFilters {
  from: string;
  to: string;
  branchId: number | null;
  status: PaymentAttemptStatus | null;
}

/** A day the API accepts (its one day rule); anything else is as if absent. */
const isDay = (value: string | null): value is string => value !== null && isApiDay(value);

const isStatus = (value: string | null): value is PaymentAttemptStatus =>
  (PAYMENT_ATTEMPT_STATUSES as readonly (string | null)[]).includes(value);

function branchOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The filters a URL asks for, on the chain's `today`. A value that cannot be read (a hand-edited
 * link) falls back to its default instead of failing the screen; the dates are always whole, so
 * the list, the totals and the CSV name the same days.
 */
export function filtersFromParams(params: URLSearchParams, today: string): PaymentFilters {
  const from = params.get(FILTER_PARAMS.from);
  const to = params.get(FILTER_PARAMS.to);
  const status = params.get(FILTER_PARAMS.status);
  return {
    from: isDay(from) ? from : addDays(today, -DEFAULT_DAYS),
    to: isDay(to) ? to : today,
    branchId: branchOf(params.get(FILTER_PARAMS.branch)),
    status: isStatus(status) ? status : null,
  };
}

/** The URL with one filter set, or dropped (back to its default) when `value` is empty. */
export function withFilter(params: URLSearchParams, name: FilterName, value: string) {
  const next = new URLSearchParams(params);
  if (value) next.set(FILTER_PARAMS[name], value);
  else next.delete(FILTER_PARAMS[name]);
  return next;
}

/** Whether the URL narrows anything beyond the default last 30 days of every branch. */
export const hasFilters = (params: URLSearchParams) =>
  Object.values(FILTER_PARAMS).some((name) => params.has(name));

/** The server refuses a range that ends before it starts (PAYMENT_MESSAGES.rangeInvalid). */
export const isRangeValid = (filters: PaymentFilters) => filters.from <= filters.to;

/** The filters as `GET /api/admin/payments` and its CSV read them. */
export function queryOf(filters: PaymentFilters): AdminPaymentsQuery {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.branchId === null ? {} : { branch_id: filters.branchId }),
    ...(filters.status === null ? {} : { status: filters.status }),
  };
}

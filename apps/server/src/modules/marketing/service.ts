// The marketing service: the module's plain functions bound to its dependencies (decision
// 065). Nothing here decides anything; each line names the function that does.
import { bind } from '../../lib/bind';
import { limitSubmissions, reserveCourtesy, signUpForDiscount } from './forms';
import {
  activeBranchId,
  courtesyReservations,
  discountSignups,
  searchCourtesyReservations,
  searchDiscountSignups,
} from './records';
import type { MarketingDeps } from './types';

/** The public forms, and their rows for staff and the back office, as app.marketing. */
export function createMarketingService(deps: MarketingDeps) {
  return {
    limitSubmissions: bind(deps, limitSubmissions),
    signUpForDiscount: bind(deps, signUpForDiscount),
    reserveCourtesy: bind(deps, reserveCourtesy),
    activeBranchId: bind(deps, activeBranchId),
    discountSignups: bind(deps, discountSignups),
    courtesyReservations: bind(deps, courtesyReservations),
    searchDiscountSignups: bind(deps, searchDiscountSignups),
    searchCourtesyReservations: bind(deps, searchCourtesyReservations),
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;

// The public forms: a discount signup and a courtesy reservation. The checks the schemas cannot
// make alone (they need the database: the branch, the survey's options, the branch's opening
// days, earlier signups), then the write. Nothing is written unless every check passes.
import {
  MARKETING_MESSAGES,
  chainToday,
  marketingMessage,
  marketingRefusal,
  marketingSuccess,
  reservationDateProblem,
  type CourtesyBody,
  type DiscountBody,
  type MarketingAnswer,
  type MarketingErrors,
} from '@comanda/shared';
import { nowDate } from '../../lib/clock';
import { enforceRateLimit } from '../../lib/rate-limiter';
import { signUpWithCode } from './coupon-codes';
import {
  findActiveBranch,
  hasCourtesyReservation,
  insertCourtesyReservation,
  isSurveyParameter,
  openWeekdays,
} from './forms-repository';
import type { MarketingDeps } from './types';

const refused = (errors: MarketingErrors) => marketingRefusal({ errors });
const refusedWith = (error: string) => marketingRefusal({ error });

/**
 * Public forms that write rows invite scripts: well-formed submissions are counted per IP.
 * Malformed ones write nothing and are not counted, so a customer fixing a field never
 * spends the allowance of the others behind the same shop Wi-Fi.
 */
export const limitSubmissions = (
  { rateLimiter, limits }: Pick<MarketingDeps, 'rateLimiter' | 'limits'>,
  ip: string,
) =>
  enforceRateLimit(rateLimiter, `marketing:ip:${ip}`, {
    limit: limits.perIp,
    windowSeconds: limits.windowSeconds,
  });

/**
 * A discount signup. The answer is the same whether the email signs up for the first time or
 * had already (decision 076): the code, or the reminder that it was there, goes only by email.
 */
export async function signUpForDiscount(
  deps: MarketingDeps,
  body: DiscountBody,
): Promise<MarketingAnswer> {
  const { db } = deps;
  const [branch, knownSource] = await Promise.all([
    findActiveBranch(db, body.branch_id),
    isSurveyParameter(db, body.source_id),
  ]);
  const errors: MarketingErrors = {};
  if (!branch) errors.branch_id = [MARKETING_MESSAGES.branchUnknown];
  if (!knownSource) errors.source_id = [MARKETING_MESSAGES.sourceUnknown];
  if (!branch || !knownSource) return refused(errors);

  await signUpWithCode(
    deps,
    { signup: { ...body, branch_id: branch.id }, branchTitle: branch.title },
    nowDate(deps.clock),
  );
  return marketingSuccess;
}

export async function reserveCourtesy(
  { db, clock }: Pick<MarketingDeps, 'db' | 'clock'>,
  body: CourtesyBody,
): Promise<MarketingAnswer> {
  const branch = await findActiveBranch(db, body.branch_id);
  if (!branch) return refused({ branch_id: [MARKETING_MESSAGES.branchUnknown] });

  // "Today" is the chain's: at 8 pm in Bogotá it is already tomorrow in UTC.
  const problem = reservationDateProblem(body.date_reservation, {
    today: chainToday(nowDate(clock)),
    branchTitle: branch.title,
    openWeekdays: await openWeekdays(db, branch.id),
  });
  if (problem) return refused({ date_reservation: [problem] });

  const duplicate = refusedWith(marketingMessage.alreadyReserved(branch.title));
  if (await hasCourtesyReservation(db, branch.id, body.phone, body.date_reservation))
    return duplicate;
  const stored = await insertCourtesyReservation(db, {
    ...body,
    branch_id: branch.id,
    created_at: nowDate(clock).toISOString(),
  });
  return stored ? marketingSuccess : duplicate;
}

import {
  MARKETING_MESSAGES,
  chainDayRange,
  chainToday,
  marketingMessage,
  marketingRefusal,
  marketingSuccess,
  reservationDateProblem,
  type AdminCourtesyReservation,
  type AdminDiscountSignup,
  type CourtesyBody,
  type CourtesyReservation,
  type DiscountBody,
  type DiscountSignup,
  type MarketingAnswer,
  type MarketingErrors,
  type RecordsQuery,
} from '@comanda/shared';
import { enforceRateLimit, type RateLimiter } from '../../lib/rate-limiter';
import type { CouponCodes } from './coupon-codes';
import type { MarketingRepository } from './repository';
import { isoInstant } from '../../lib/iso-instant';
import { nowDate, type Clock } from '../../lib/clock';

const refused = (errors: MarketingErrors) => marketingRefusal({ errors });
const refusedWith = (error: string) => marketingRefusal({ error });

/**
 * The checks the schemas cannot make alone (they need the database: the branch, the survey's
 * options, the branch's opening days, earlier signups), then the write. Nothing is written
 * unless every check passes.
 */
export function createMarketingService(options: {
  repository: MarketingRepository;
  rateLimiter: RateLimiter;
  /** Form submissions that reach the database, per client IP and window. */
  limits: { perIp: number; windowSeconds: number };
  /** Issues a signup's coupon code and emails it, in the signup's transaction. */
  couponCodes: CouponCodes;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}) {
  const { repository, rateLimiter, limits } = options;
  const now = () => nowDate(options.clock);

  return {
    /**
     * Public forms that write rows invite scripts: well-formed submissions are counted per IP.
     * Malformed ones write nothing and are not counted, so a customer fixing a field never
     * spends the allowance of the others behind the same shop Wi-Fi.
     */
    limitSubmissions: (ip: string) =>
      enforceRateLimit(rateLimiter, `marketing:ip:${ip}`, {
        limit: limits.perIp,
        windowSeconds: limits.windowSeconds,
      }),

    async signUpForDiscount(body: DiscountBody): Promise<MarketingAnswer> {
      const [branch, knownSource] = await Promise.all([
        repository.findActiveBranch(body.branch_id),
        repository.isSurveyParameter(body.source_id),
      ]);
      const errors: MarketingErrors = {};
      if (!branch) errors.branch_id = [MARKETING_MESSAGES.branchUnknown];
      if (!knownSource) errors.source_id = [MARKETING_MESSAGES.sourceUnknown];
      if (!branch || !knownSource) return refused(errors);

      // Checked first for the common case; the unique pair settles a race between two requests.
      const duplicate = refusedWith(marketingMessage.alreadySignedUp(branch.title));
      if (await repository.hasDiscountSignup(branch.id, body.email)) return duplicate;
      const code = await options.couponCodes.signUp(
        { ...body, branch_id: branch.id },
        branch.title,
        now(),
      );
      if (code === undefined) return duplicate;
      return code === null ? marketingSuccess : { ...marketingSuccess, code };
    },

    async reserveCourtesy(body: CourtesyBody): Promise<MarketingAnswer> {
      const branch = await repository.findActiveBranch(body.branch_id);
      if (!branch) return refused({ branch_id: [MARKETING_MESSAGES.branchUnknown] });

      // "Today" is the chain's: at 8 pm in Bogotá it is already tomorrow in UTC.
      const problem = reservationDateProblem(body.date_reservation, {
        today: chainToday(now()),
        branchTitle: branch.title,
        openWeekdays: await repository.openWeekdays(branch.id),
      });
      if (problem) return refused({ date_reservation: [problem] });

      const duplicate = refusedWith(marketingMessage.alreadyReserved(branch.title));
      if (await repository.hasCourtesyReservation(branch.id, body.phone, body.date_reservation))
        return duplicate;
      const stored = await repository.insertCourtesyReservation({
        ...body,
        branch_id: branch.id,
        created_at: now().toISOString(),
      });
      return stored ? marketingSuccess : duplicate;
    },

    /** The id of an active branch, or null: the staff listings' authorization resolves it. */
    async activeBranchId(branchId: number): Promise<number | null> {
      return (await repository.findActiveBranch(branchId))?.id ?? null;
    },

    async discountSignups(branchId: number): Promise<DiscountSignup[]> {
      const rows = await repository.listDiscountSignups(branchId);
      return rows.map(
        ({ source_id, source_description, created_at, branch_title: _branch, ...row }) => ({
          ...row,
          source: { id: source_id, description: source_description },
          created_at: isoInstant(created_at),
        }),
      );
    },

    async courtesyReservations(branchId: number): Promise<CourtesyReservation[]> {
      const rows = await repository.listCourtesyReservations(branchId);
      return rows.map(({ branch_title: _branch, ...row }) => ({
        ...row,
        created_at: isoInstant(row.created_at),
      }));
    },

    /** The back office's Registros: signups of a branch (or all) created within chain days `from`..`to`. */
    async searchDiscountSignups(
      query: RecordsQuery,
      limit: number,
    ): Promise<AdminDiscountSignup[]> {
      const rows = await repository.searchDiscountSignups(
        {
          branchId: query.branch_id,
          from: query.from ? chainDayRange(query.from).start.toISOString() : undefined,
          to: query.to ? chainDayRange(query.to).end.toISOString() : undefined,
          q: query.q || undefined,
        },
        limit,
      );
      return rows.map(({ source_id: _id, source_description, created_at, ...row }) => ({
        ...row,
        source: source_description,
        created_at: isoInstant(created_at),
      }));
    },

    /** The back office's Registros: reservations of a branch (or all) for visit days `from`..`to`. */
    async searchCourtesyReservations(
      query: RecordsQuery,
      limit: number,
    ): Promise<AdminCourtesyReservation[]> {
      const rows = await repository.searchCourtesyReservations(
        { branchId: query.branch_id, from: query.from, to: query.to, q: query.q || undefined },
        limit,
      );
      return rows.map((row) => ({ ...row, created_at: isoInstant(row.created_at) }));
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;

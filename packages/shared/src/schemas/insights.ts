import { z } from 'zod';
import { addDays } from '../chain-time';
import { isoDaySchema } from './common';
import { orderChannelSchema } from './order-channel';

/**
 * Informes (decision 069): the chain's figures over a period of days on the chain's clock, each
 * report with the same period's predecessor when asked. Money is in pesos; a sale is an order the
 * branch took on and did not call off, net of what refunds gave back (as Día counts it).
 */

export const INSIGHTS_MESSAGES = {
  dateInvalid: 'Escribe la fecha como AAAA-MM-DD, entre 2000 y 2100.',
  rangeBackwards: 'La fecha inicial debe ser anterior o igual a la final.',
  rangeTooLong: 'El periodo puede tener como máximo 731 días.',
  compareInvalid: 'Para comparar usa compare=previous.',
  formatInvalid: 'El formato puede ser json o csv.',
  branchInvalid: 'Elige una sede válida.',
  branchNotFound: 'Esa sede no existe.',
} as const;

/** The longest period a report covers: two years and a day. */
export const INSIGHTS_MAX_DAYS = 731;

export const INSIGHT_REPORTS = [
  'sales',
  'heatmap',
  'branches',
  'products',
  'channels',
  'promise',
  'refusals',
  'customers',
] as const;
export type InsightReport = (typeof INSIGHT_REPORTS)[number];

const reportDay = isoDaySchema(INSIGHTS_MESSAGES.dateInvalid);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The query fields every report takes; `branch` only on the chain-wide (admin) paths. */
const periodFields = {
  /** First day, inclusive; default: six days before `to`. */
  from: reportDay.optional(),
  /** Last day, inclusive; default: today on the chain's clock. */
  to: reportDay.optional(),
  /** `previous`: also the period of the same length just before. */
  compare: z.enum(['previous'], { error: INSIGHTS_MESSAGES.compareInvalid }).optional(),
  format: z.enum(['json', 'csv'], { error: INSIGHTS_MESSAGES.formatInvalid }).optional(),
};

const checkRange = (
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!query.from || !query.to) return;
  if (query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHTS_MESSAGES.rangeBackwards });
  } else if (daysBetween(query.from, query.to) > INSIGHTS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHTS_MESSAGES.rangeTooLong });
  }
};

/** `GET /api/staff/branches/{id}/insights/{report}`: one branch, its staff's. */
export const branchInsightsQuery = z.object(periodFields).superRefine(checkRange);

/** `GET /api/admin/insights/{report}`: every branch, or one with `branch`. */
export const chainInsightsQuery = z
  .object({
    ...periodFields,
    branch: z
      .string({ error: INSIGHTS_MESSAGES.branchInvalid })
      .regex(/^[1-9][0-9]{0,8}$/, { error: INSIGHTS_MESSAGES.branchInvalid })
      .transform(Number)
      .optional(),
  })
  .superRefine(checkRange);

export type BranchInsightsQuery = z.infer<typeof branchInsightsQuery>;
export type ChainInsightsQuery = z.infer<typeof chainInsightsQuery>;

/** The period a report covers, resolved: defaults filled in, the comparison's days named. */
export function resolvePeriod(query: { from?: string; to?: string }, today: string) {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -6);
  const days = daysBetween(from, to);
  return {
    from,
    to,
    days,
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

const periodSchema = z.object({ from: z.string(), to: z.string() });

/** What every report says about itself. */
const reportHead = {
  period: periodSchema,
  /** The period compared against; null when not asked (`compare` absent). */
  previous: periodSchema.nullable(),
  /** The one branch reported; null: every branch the caller may see. */
  branch_id: z.number().int().nullable(),
};

const figures = z.object({ orders: z.number().int(), sales: z.number() });

const salesTotals = z.object({
  orders: z.number().int(),
  /** Net of refunds; discounts are already out of an order's total. */
  sales: z.number(),
  /** sales / orders, rounded to the peso; 0 over none. */
  average_ticket: z.number(),
  discounts: z.number(),
  refunds: z.number(),
});

/** Sales and orders over time: by hour for a one-day period, by day otherwise. */
export const salesReport = z.object({
  ...reportHead,
  granularity: z.enum(['hour', 'day']),
  /**
   * One point per hour (key "00".."23") or per day (key YYYY-MM-DD) of the period, empty ones
   * included; `previous_*` is the same position in the previous period (null without compare).
   */
  points: z.array(
    z.object({
      key: z.string(),
      orders: z.number().int(),
      sales: z.number(),
      previous_orders: z.number().int().nullable(),
      previous_sales: z.number().nullable(),
    }),
  ),
  totals: salesTotals,
  previous_totals: salesTotals.nullable(),
});

/** Orders by weekday × hour: where to put staff. All 7 × 24 cells, empty ones included. */
export const heatmapReport = z.object({
  ...reportHead,
  cells: z.array(
    z.object({
      /** 1 = Monday … 7 = Sunday. */
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      orders: z.number().int(),
      sales: z.number(),
    }),
  ),
});

const branchLine = z.object({
  sales: z.number(),
  orders: z.number().int(),
  average_ticket: z.number(),
  /** Share of measured orders ready (pickup) or delivered (delivery) by the time promised, 0–100; null when none was measured. */
  promise_kept_pct: z.number().nullable(),
  rejected: z.number().int(),
});

/** The branch league table, largest sales first. */
export const branchesReport = z.object({
  ...reportHead,
  rows: z.array(
    branchLine.extend({
      branch_id: z.number().int(),
      name: z.string(),
      previous: branchLine.nullable(),
    }),
  ),
});

const productLine = z.object({
  product_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  sales: z.number(),
});

/** What sells, what does not, and which options people choose. */
export const productsReport = z.object({
  ...reportHead,
  /** Up to 20, most units first. */
  best: z.array(productLine),
  /** Up to 20 of those sold at least once, fewest units first. */
  worst: z.array(productLine),
  /** Products on the menu that no sale carried in the period. */
  never_sold: z.array(z.object({ product_id: z.number().int(), title: z.string() })),
  /** Up to 20 options most chosen ("Sin cebolla", "Papas grandes"). */
  options: z.array(z.object({ title: z.string(), times: z.number().int() })),
});

/** How orders come: pickup or delivery, payment, neighbourhood, scheduled or as soon as possible. */
export const channelsReport = z.object({
  ...reportHead,
  by_type: z.array(figures.extend({ type_delivery: z.number().int(), label: z.string() })),
  by_payment: z.array(figures.extend({ payment: z.string() })),
  /** Sales by where they came from (decision 087): the storefront, by phone, at the counter. */
  by_channel: z.array(figures.extend({ channel: orderChannelSchema, label: z.string() })),
  /** Delivery sales by the address's neighbourhood, with the fees they paid. */
  by_neighbourhood: z.array(
    figures.extend({ neighbourhood: z.string(), delivery_fees: z.number() }),
  ),
  scheduled: figures,
  asap: figures,
});

const promiseLine = z.object({
  measured: z.number().int(),
  kept: z.number().int(),
  /** 0–100, one decimal; null over none. */
  kept_pct: z.number().nullable(),
});

/** Lateness buckets, in minutes past the promise. */
export const LATENESS_BUCKETS = ['a_tiempo', '1_5', '6_10', '11_20', 'mas_20'] as const;
export const LATENESS_LABELS: Record<(typeof LATENESS_BUCKETS)[number], string> = {
  a_tiempo: 'A tiempo',
  '1_5': '1–5 min tarde',
  '6_10': '6–10 min tarde',
  '11_20': '11–20 min tarde',
  mas_20: 'Más de 20 min tarde',
};

/** How good the promise was: ready (pickup) or at the door (delivery) by the time promised. */
export const promiseReport = z.object({
  ...reportHead,
  totals: promiseLine,
  lateness: z.array(z.object({ bucket: z.enum(LATENESS_BUCKETS), orders: z.number().int() })),
  by_branch: z.array(promiseLine.extend({ branch_id: z.number().int(), name: z.string() })),
  /** 24 hours of the chain's day, by the hour the order was placed. */
  by_hour: z.array(promiseLine.extend({ hour: z.number().int() })),
});

/** Rejections and cancellations by reason and by branch. */
export const refusalsReport = z.object({
  ...reportHead,
  rejected: z.number().int(),
  cancelled: z.number().int(),
  /** Of all orders placed in the period (0–100, one decimal). */
  refused_pct: z.number(),
  reasons: z.array(
    z.object({
      status: z.enum(['rejected', 'cancelled']),
      /** In words; «Sin motivo» when none was given (a customer's own cancellation). */
      reason: z.string().min(1),
      orders: z.number().int(),
    }),
  ),
  by_branch: z.array(
    z.object({
      branch_id: z.number().int(),
      name: z.string(),
      orders: z.number().int(),
      rejected: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
});

/** Who buys: new and returning customers, repeat within 30 days, coupons. */
export const customersReport = z.object({
  ...reportHead,
  /** Customers with a sale in the period. */
  customers: z.number().int(),
  /** Whose first sale ever is in the period. */
  new_customers: z.number().int(),
  returning_customers: z.number().int(),
  /** Of the period's new customers, how many bought again within 30 days of their first sale. */
  repeat_30d: z.object({
    customers: z.number().int(),
    returned: z.number().int(),
    pct: z.number().nullable(),
  }),
  coupons: z.object({
    /** Codes created in the period. */
    issued: z.number().int(),
    /** Sales in the period that used a code. */
    redeemed: z.number().int(),
    redeemed_sales: z.number(),
    discounts: z.number(),
  }),
});

/** One branch at this moment, for head office (admins). */
export const liveBranchSchema = z.object({
  branch_id: z.number().int(),
  name: z.string(),
  state: z.enum(['open', 'closed', 'paused']),
  /** When a pause ends; null when not paused or paused until reopened by hand. */
  paused_until: z.string().nullable(),
  rush_minutes: z.number().int(),
  /** Placed and not yet answered. */
  waiting: z.number().int(),
  /** Accepted, not ready, past the promised time. */
  late: z.number().int(),
  /** When the oldest unanswered order was placed; null when none waits. */
  oldest_waiting_at: z.string().nullable(),
  couriers_out: z.number().int(),
  /** Today's sales so far. */
  today: figures,
});

export const liveReport = z.object({
  at: z.string(),
  branches: z.array(liveBranchSchema),
});

export const INSIGHT_SCHEMAS = {
  sales: salesReport,
  heatmap: heatmapReport,
  branches: branchesReport,
  products: productsReport,
  channels: channelsReport,
  promise: promiseReport,
  refusals: refusalsReport,
  customers: customersReport,
} as const satisfies Record<InsightReport, z.ZodType>;

export type SalesReport = z.infer<typeof salesReport>;
export type HeatmapReport = z.infer<typeof heatmapReport>;
export type BranchesReport = z.infer<typeof branchesReport>;
export type ProductsReport = z.infer<typeof productsReport>;
export type ChannelsReport = z.infer<typeof channelsReport>;
export type PromiseReport = z.infer<typeof promiseReport>;
export type RefusalsReport = z.infer<typeof refusalsReport>;
export type CustomersReport = z.infer<typeof customersReport>;
export type InsightAnswers = { [R in InsightReport]: z.infer<(typeof INSIGHT_SCHEMAS)[R]> };
export type LiveReport = z.infer<typeof liveReport>;
export type LiveBranch = z.infer<typeof liveBranchSchema>;

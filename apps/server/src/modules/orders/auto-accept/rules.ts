import {
  autoAcceptRules,
  isOfferedAt,
  type AutoAcceptRules,
  type PlacedOrder,
} from '@comanda/shared';

/** What a branch without rules accepts by itself: nothing but what its scheduled switch says. */
const NONE = { asap: false, paid_online_only: false, max_total: null, windows: [] };
const stored = autoAcceptRules.omit({ scheduled: true });

/** The JSON kept in `branches.auto_accept`, read forgivingly: unreadable rules accept nothing. */
function storedRules(json: string | null): Omit<AutoAcceptRules, 'scheduled'> {
  if (json === null) return NONE;
  try {
    const parsed = stored.safeParse({ ...NONE, ...(JSON.parse(json) as object) });
    return parsed.success ? parsed.data : NONE;
  } catch {
    return NONE;
  }
}

/** A branch's rules, its scheduled switch (migration 021) included. */
export const rulesOf = (branch: {
  auto_accept: string | null;
  auto_accept_scheduled: number;
}): AutoAcceptRules => ({
  ...storedRules(branch.auto_accept),
  scheduled: branch.auto_accept_scheduled === 1,
});

/** The JSON a branch keeps (the scheduled switch lives in its own column). */
export const storedJson = ({ scheduled: _scheduled, ...rest }: AutoAcceptRules): string =>
  JSON.stringify(rest);

/**
 * Whether the branch accepts this order by itself at `at` (product.md «Auto-accept»): a
 * received order of a kind it chose, meeting every condition it set. An order waiting for its
 * online payment is not new to the branch yet: it is judged when the money comes.
 */
export function acceptsByItself(rules: AutoAcceptRules, order: PlacedOrder, at: Date): boolean {
  if (order.status !== 'received') return false;
  if (!(order.scheduled_for === null ? rules.asap : rules.scheduled)) return false;
  if (rules.paid_online_only && order.payment_status !== 'approved') return false;
  if (rules.max_total !== null && order.total > rules.max_total) return false;
  return isOfferedAt(rules.windows, at);
}

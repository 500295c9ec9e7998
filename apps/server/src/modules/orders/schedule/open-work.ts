import type { OpenWorkRow } from '@comanda/shared';

export type { OpenWorkRow };
export { queueMinutes, queueReadyAfter, queueStartOf } from '@comanda/shared';

/** The statuses whose orders are the kitchen's open work. */
export { OPEN_WORK_STATUSES } from '@comanda/shared';

/**
 * The most open orders the promise reads. Ten stations 1,000 typical orders deep promise about a
 * day and a half: more rows would only make that promise later, and its read longer (once a
 * second per branch, on the event loop of a node taking orders).
 */
export const OPEN_WORK_LIMIT = 1000;

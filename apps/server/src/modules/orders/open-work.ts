import type { OpenWorkRow } from '@comanda/shared';

export type { OpenWorkRow };
export { queueMinutes } from '@comanda/shared';

/** The statuses whose orders are the kitchen's open work. */
export const OPEN_WORK_STATUSES = ['received', 'accepted', 'preparing'] as const;

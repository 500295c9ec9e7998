import { z } from 'zod';
import { ADMIN_MONEY_MAX, expectedVersion } from './admin';
import { wholeNumberSchema } from './common';
import { daypartsSchema } from './dayparts';

export const AUTO_ACCEPT_MESSAGES = {
  maxTotal: `Escribe un total en pesos, de 1 a ${ADMIN_MONEY_MAX.toLocaleString('de-DE')}, o déjalo vacío para aceptar cualquier total.`,
  flag: 'Elige sí o no.',
} as const;

const flag = z.boolean({ error: AUTO_ACCEPT_MESSAGES.flag });
const total = wholeNumberSchema(AUTO_ACCEPT_MESSAGES.maxTotal, 1, ADMIN_MONEY_MAX);

/**
 * What a branch accepts by itself (product.md «Auto-accept»): an order is accepted when placed
 * (or when its online payment arrives) if its kind is chosen (`asap`, `scheduled`) and it meets
 * every condition; the others ring the board as always. Accepted orders get the usual promise:
 * the queue's minutes, a scheduled one its slot.
 */
export const autoAcceptRules = z.object({
  /** Orders for as soon as possible. */
  asap: flag,
  /** Orders for later (the console's «Aceptar solos los programados»). */
  scheduled: flag,
  /** Only orders already paid online. */
  paid_online_only: flag,
  /** Only orders up to this total, in pesos; null: any total. */
  max_total: total.nullable(),
  /**
   * Only orders placed in one of these windows of the chain's week (the menu's dayparts rule);
   * none: at any time.
   */
  windows: daypartsSchema,
});
export type AutoAcceptRules = z.infer<typeof autoAcceptRules>;

/** `PUT /api/admin/branches/{id}/auto-accept`: every rule, with the branch's version. */
export const autoAcceptBody = autoAcceptRules.extend(expectedVersion);
export type AutoAcceptBody = z.input<typeof autoAcceptBody>;

/** The branch's rules and its version (the back office's optimistic lock). */
export const autoAcceptResponse = z.object({
  results: autoAcceptRules.extend({ version: z.number().int() }),
});
export type AutoAcceptAnswer = z.infer<typeof autoAcceptResponse>['results'];

import { z } from 'zod';
import { MESSAGES } from '../messages';

/** `{ message }`: every non-validation error the API answers. */
export const errorMessageSchema = z.object({ message: z.string() });

/**
 * product.md «Wire contract» and «Error catalogue»: validation failures answer 400 `{ message, errors: { field: [mensaje] } }`;
 * a body that is not JSON at all answers 400 `{ message }`.
 */
export const fieldErrorsSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const slugSchema = z
  .string({ error: MESSAGES.invalidSlug })
  .min(1, { error: MESSAGES.invalidSlug })
  .max(120, { error: MESSAGES.invalidSlug })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: MESSAGES.invalidSlug });

// ---------------------------------------------------------------------------------------------
// The input rule (decision 074): every number fits the column it reaches, every day is a real
// calendar day in a range PostgreSQL's timestamps and the chain's reports both hold.
// ---------------------------------------------------------------------------------------------

/**
 * The largest value of an integer column: every one is a 32-bit `integer` (the migrations in
 * apps/server/src/db/migrations; ids are `serial`). A larger number that passed validation was a
 * 500 on PostgreSQL (out of range) and a quiet miss on SQLite, so no input may exceed it.
 */
export const INT32_MAX = 2_147_483_647;

/** A whole number in [min, max] (max never above INT32_MAX), refused with `error` otherwise. */
export const wholeNumberSchema = (error: string, min = 0, max = INT32_MAX) =>
  z.number({ error }).int({ error }).min(min, { error }).max(Math.min(max, INT32_MAX), { error });

/** The same rule for a number in the query string, which arrives as text. */
export const wholeNumberQuery = (error: string, min = 0, max = INT32_MAX) =>
  z.coerce
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(Math.min(max, INT32_MAX), { error });

/** An id in a body: a positive whole number that fits its column. */
export const idSchema = (error: string = MESSAGES.invalidNumber) => wholeNumberSchema(error, 1);

/** The first and last day any date the API reads may name: reports go back to 2000. */
export const DAY_MIN = '2000-01-01';
export const DAY_MAX = '2100-12-31';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A day the API reads: a real calendar date from DAY_MIN to DAY_MAX (ISO days compare as text). */
export const isApiDay = (value: string) => isIsoDate(value) && value >= DAY_MIN && value <= DAY_MAX;

/**
 * A day in a query or body: YYYY-MM-DD, real, within DAY_MIN…DAY_MAX; documented as
 * `format: date`. A business day (a branch's Día, its shifts, its slots) is also held to a year
 * either side of the chain's today, on the server's clock (apps/server/src/lib/business-day.ts).
 */
export const isoDaySchema = (error: string = MESSAGES.invalidDay) =>
  z.string({ error }).refine(isApiDay, { error }).meta({ format: 'date' });

/** Path ids arrive as strings; only canonical positive integers within int32 are ids. */
export const idParamSchema = z
  .string({ error: MESSAGES.invalidId })
  .regex(/^[1-9][0-9]{0,8}$/, { error: MESSAGES.invalidId })
  .transform(Number);

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
export const oneOf = <T extends z.ZodType>(item: T) => z.object({ results: item });

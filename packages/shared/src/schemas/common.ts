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

/** Path ids arrive as strings; only canonical positive integers within int32 are ids. */
export const idParamSchema = z
  .string({ error: MESSAGES.invalidId })
  .regex(/^[1-9][0-9]{0,8}$/, { error: MESSAGES.invalidId })
  .transform(Number);

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
export const oneOf = <T extends z.ZodType>(item: T) => z.object({ results: item });

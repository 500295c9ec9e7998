import { ApiError } from '@/lib/api-client';

/** One message per field, the first the schema or the server gave: what the form shows beside it. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** zod issues (the same schema the server validates with) → the first message of each known field. */
export function fieldErrorsFromIssues<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export interface SubmitProblems<Field extends string> {
  fields: FieldErrors<Field>;
  /** A message that belongs to no field: too many attempts, no connection, a server fault. */
  form: string | null;
}

/**
 * A failed call → what the form shows. A 400's field errors go beside their fields; anything
 * else (429, network, 5xx, or a field error for a field the form does not have) above the button.
 */
export function problemsFromError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): SubmitProblems<Field> {
  if (!(error instanceof ApiError)) return { fields: {}, form: 'Tuvimos un problema. Intenta de nuevo en un momento.' };
  const found: FieldErrors<Field> = {};
  const stray: string[] = [];
  for (const [name, messages] of Object.entries(error.errors ?? {})) {
    const field = fields.find((known) => known === name);
    const first = messages[0];
    if (!first) continue;
    if (field) found[field] = first;
    else stray.push(first);
  }
  const hasFieldError = Object.keys(found).length > 0;
  return { fields: found, form: stray[0] ?? (hasFieldError ? null : error.message) };
}

/** The first field, in form order, that has an error: focus goes there so the customer sees why. */
export function firstInvalid<Field extends string>(fields: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return fields.find((field) => errors[field] !== undefined);
}

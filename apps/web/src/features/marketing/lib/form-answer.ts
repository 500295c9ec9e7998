import { MESSAGES, marketingAnswerSchema, type MarketingAnswer } from '@comanda/shared';
import { ApiError } from '@/lib/api-client';

/**
 * What a marketing form shows after a check: one message beside each field (spec §4 state 3)
 * and/or one sentence as the form's red heading (state 4).
 */
export interface FormProblems<Field extends string> {
  fields: Partial<Record<Field, string>>;
  heading: string | null;
}

export const noProblems = <Field extends string>(): FormProblems<Field> => ({ fields: {}, heading: null });

export const hasProblems = (problems: FormProblems<string>) =>
  problems.heading !== null || Object.keys(problems.fields).length > 0;

/**
 * A `{status, error, errors}` refusal on the form: the first message of each field the form
 * shows beside it; anything about a field it does not show (the branch) goes to the heading,
 * so no refusal is ever silent.
 */
export function problemsFromAnswer<Field extends string>(answer: MarketingAnswer, fields: readonly Field[]): FormProblems<Field> {
  const problems = noProblems<Field>();
  const elsewhere: string[] = [];
  for (const [field, messages] of Object.entries(answer.errors)) {
    const message = messages[0];
    if (message === undefined) continue;
    if ((fields as readonly string[]).includes(field)) problems.fields[field as Field] = message;
    else elsewhere.push(message);
  }
  const heading = [answer.error, ...elsewhere].filter((text): text is string => Boolean(text));
  problems.heading = heading.length > 0 ? heading.join(' ') : null;
  return problems;
}

/** A failed submission: the server's refusal when it sent one, else its Spanish message. */
export function problemsFromError<Field extends string>(error: unknown, fields: readonly Field[]): FormProblems<Field> {
  if (error instanceof ApiError) {
    const answer = marketingAnswerSchema.safeParse(error.body);
    if (answer.success && !answer.data.status) {
      const problems = problemsFromAnswer(answer.data, fields);
      if (hasProblems(problems)) return problems;
    }
    return { fields: {}, heading: error.message };
  }
  return { fields: {}, heading: MESSAGES.internal };
}

/** The first field (in the form's order) that has a message: where focus goes after a check. */
export function firstInvalid<Field extends string>(problems: FormProblems<Field>, fields: readonly Field[]): Field | undefined {
  return fields.find((field) => problems.fields[field] !== undefined);
}

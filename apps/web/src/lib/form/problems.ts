import { MESSAGES } from '@comanda/shared';
import { ApiError } from '@/lib/api-client';

/**
 * What a form shows after a check or a failed send: every form of the storefront (account,
 * address, discount, courtesy) uses this one model.
 */
export interface FormProblems<Field extends string> {
  /** One message beside each field: the first the check or the server gave for it. */
  fields: Partial<Record<Field, string>>;
  /**
   * A message that belongs to no field the form shows: too many attempts, no connection, a
   * refusal said as one sentence. Each form decides how to show it (an alert above the button,
   * or a red heading that takes focus).
   */
  form: string | null;
  /**
   * Messages beside the fields of a list field's rows, by the list's name, the row's index (as
   * checked or sent) and the row's field: `zones.2.fee` is `rows.zones[2].fee`. Absent when none.
   */
  rows?: RowMessages;
}

/** Messages of list fields' rows: list → row index (or key) → field → message. */
export type RowMessages = Record<string, Record<number, Record<string, string>>>;

export const noProblems = <Field extends string>(): FormProblems<Field> => ({
  fields: {},
  form: null,
});

export const hasProblems = (problems: FormProblems<string>): boolean =>
  problems.form !== null ||
  Object.keys(problems.fields).length > 0 ||
  Object.keys(problems.rows ?? {}).length > 0;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Messages by path (zod issues, a 400's `errors`) → the form's problems: the first message of
 * each field it shows beside that field; inside a list field (`lists`), the first of each row's
 * field beside it (`zones.2.fee`, `exceptions.0.ranges.1.closes` is the row's `ranges`); any
 * other (a field it does not show, a list or the body as a whole) in the form message, a list's
 * once each, so nothing the server or the schema says goes unseen.
 */
function sortMessages<Field extends string>(
  messages: readonly (readonly [readonly PropertyKey[], string | undefined])[],
  fields: readonly Field[],
  lists: readonly string[],
): FormProblems<Field> {
  const found: Partial<Record<Field, string>> = {};
  const rows: RowMessages = {};
  const stray: string[] = [];
  for (const [[name, index, rowField], message] of messages) {
    if (message === undefined) continue;
    const list = lists.find((known) => known === name);
    const field = fields.find((known) => known === name);
    if (list !== undefined && typeof index === 'number' && rowField !== undefined)
      ((rows[list] ??= {})[index] ??= {})[String(rowField)] ??= message;
    else if (list !== undefined) {
      if (!stray.includes(message)) stray.push(message);
    } else if (field === undefined) stray.push(message);
    else found[field] ??= message;
  }
  return {
    fields: found,
    form: stray.length > 0 ? stray.join(' ') : null,
    ...(Object.keys(rows).length > 0 ? { rows } : {}),
  };
}

/** A 400's field name as a path: `zones.2.fee` → ['zones', 2, 'fee']. */
const pathOf = (name: string): PropertyKey[] =>
  name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The shared zod schema's issues (the server checks with the same schema) → the form's problems. */
export function problemsFromIssues<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
  lists: readonly string[] = [],
): FormProblems<Field> {
  return sortMessages(
    issues.map((issue) => [issue.path, issue.message] as const),
    fields,
    lists,
  );
}

type ParseResult = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/** A schema's `safeParse` result → the form's problems (none when it passed). */
export function problemsFromParse<Field extends string>(
  result: ParseResult,
  fields: readonly Field[],
  lists: readonly string[] = [],
): FormProblems<Field> {
  return result.success ? noProblems() : problemsFromIssues(result.error.issues, fields, lists);
}

/**
 * A failed send → the form's problems. A 400's field errors go beside their fields, and any
 * about a field the form does not show to the form message; anything else (a refusal in one
 * sentence, 429, no connection, a server fault) is the form message, in the server's Spanish.
 */
export function problemsFromError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  lists: readonly string[] = [],
): FormProblems<Field> {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.internal };
  const sorted = sortMessages(
    Object.entries(error.errors ?? {}).map(
      ([name, messages]) => [pathOf(name), messages[0]] as const,
    ),
    fields,
    lists,
  );
  const besideFields = Object.keys(sorted.fields).length > 0 || sorted.rows !== undefined;
  return { ...sorted, form: sorted.form ?? (besideFields ? null : error.message) };
}

/** The first field, in the form's order, that has a message: where focus goes after a check. */
export function firstInvalid<Field extends string>(
  problems: FormProblems<Field>,
  fields: readonly Field[],
): Field | undefined {
  return fields.find((field) => problems.fields[field] !== undefined);
}

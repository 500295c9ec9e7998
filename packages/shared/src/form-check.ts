/**
 * The contract's general form check («Validation rules and messages»), one pure function used by every form that follows it
 * (the discount and courtesy forms, on the server through their zod schemas and in the browser).
 */

export interface FieldRule {
  /** Said when the value is empty or 0. */
  message: string;
  /** The field's maximum length, when it has one (the phone's is 10). */
  maxlength?: number;
}

export type FormRules<Field extends string> = Partial<Record<Field, FieldRule>>;

export const minLengthMessage = (maxlength: number) => `Longitud minima ${maxlength}`;

/**
 * True for what the contract's check treats as "no value": nothing, blank text, and 0 (a select's
 * "nothing chosen"). The string '0' counts too: the contract's client compared loosely (`value == 0`).
 */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return value === 0 || Number.isNaN(value);
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' || text === '0';
  }
  return false;
}

/**
 * One field: the configured message when it is empty or 0; 'Longitud minima {maxlength}' when
 * its length is exactly maxlength − 1; otherwise undefined.
 *
 * The length rule is the contract's, kept as written although it is odd: only a value ONE character
 * short of the maximum is refused, so with the phone's maxlength of 10 a 9-digit number is told
 * 'Longitud minima 10' while an 8-digit one passes this check. It reads as "a Colombian number
 * has 10 digits, and 9 is the usual typo". Other rules (digits only, real minimums) belong to
 * each form's own schema, not here.
 */
export function checkField(value: unknown, rule: FieldRule): string | undefined {
  if (isEmpty(value)) return rule.message;
  if (rule.maxlength !== undefined && (typeof value === 'string' || typeof value === 'number')) {
    if (String(value).trim().length === rule.maxlength - 1) return minLengthMessage(rule.maxlength);
  }
  return undefined;
}

/**
 * The whole form: `{ field: message }` for every field whose rule fails, or undefined when
 * there are no errors (product.md «Validation rules and messages»: "It returns nothing when there are no errors").
 */
export function formCheck<Field extends string>(
  values: Partial<Record<Field, unknown>>,
  rules: FormRules<Field>,
): Partial<Record<Field, string>> | undefined {
  const errors: Partial<Record<Field, string>> = {};
  let failed = false;
  for (const field of Object.keys(rules) as Field[]) {
    const rule = rules[field];
    if (!rule) continue;
    const message = checkField(values[field], rule);
    if (message !== undefined) {
      errors[field] = message;
      failed = true;
    }
  }
  return failed ? errors : undefined;
}

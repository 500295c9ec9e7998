import { z } from 'zod';
import { addDays, weekdayOfDate } from '../chain-time';
import { PHONE_MAX_LENGTH } from '../constants';
import { checkField, type FieldRule } from '../form-check';
import { isIsoDate, listOf } from './common';
import { controlCharsProblem } from './text';

/**
 * The branch marketing forms (product.md «Screens and routes» /descuento and /cortesia, «Entities» payloads, «Validation rules and messages» rules): one set
 * of schemas that the server validates with and the storefront's forms check before sending,
 * so both say the same Spanish sentence for the same mistake.
 */

/** How far ahead a courtesy can be booked: a visit, not a calendar for next year. */
export const RESERVATION_MAX_DAYS_AHEAD = 90;

export const MARKETING_LIMITS = { name: 120, email: 254, address: 200, phoneMin: 7 } as const;

export const MARKETING_MESSAGES = {
  // product.md «Validation rules and messages», exactly as written (including 'La dirección es requerido').
  nameRequired: 'El nombre es requerido',
  phoneRequired: 'El celular es requerido',
  emailRequired: 'El email es requerido',
  addressRequired: 'La dirección es requerido',
  confirmationMismatch: 'Confirmación no coincide con email',
  dateRequired: 'La fecha de registro es requerido',
  // Ours, where the contract has none.
  phoneDigits: 'El celular debe tener solo números',
  phoneTooLong: `El celular debe tener máximo ${PHONE_MAX_LENGTH} números`,
  phoneTooShort: `El celular debe tener al menos ${MARKETING_LIMITS.phoneMin} números`,
  emailInvalid: 'El email no es válido',
  sourceRequired: 'Cuéntanos cómo nos conociste',
  sourceUnknown: 'Elige una de las opciones de la lista',
  branchUnknown: 'No encontramos esa sede.',
  dateInvalid: 'La fecha no es válida',
  datePast: 'La fecha no puede ser anterior a hoy',
  dateTooFar: `Elige una fecha dentro de los próximos ${RESERVATION_MAX_DAYS_AHEAD} días`,
  tooLong: 'Es demasiado largo',
  invalidBody: 'El contenido enviado no es válido.',
  checkFields: 'Revisa los datos marcados.',
} as const;

/** The single errors (product.md «States and transitions» state 4), shown as the form's red heading. */
export const marketingMessage = {
  alreadyReserved: (branchTitle: string) =>
    `Ya tienes una cortesía reservada para ese día en la sede ${branchTitle}`,
  closedThatDay: (branchTitle: string) => `La sede ${branchTitle} no abre ese día`,
};

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

type Check = (value: string) => string | undefined;

const maxLength =
  (max: number): Check =>
  (value) =>
    value.length > max ? MARKETING_MESSAGES.tooLong : undefined;

/**
 * A text field with at most ONE message (the first problem): the contract's form check (required,
 * 'Longitud minima') first, then control characters (see safeText), then the field's own
 * checks. A wrong type reads as "missing".
 */
function textField(rule: FieldRule, ...checks: Check[]) {
  return z
    .string({ error: rule.message })
    .trim()
    .superRefine((value, ctx) => {
      const problem =
        checkField(value, rule) ?? controlCharsProblem(value) ?? firstProblem(value, checks);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

function firstProblem(value: string, checks: Check[]): string | undefined {
  for (const check of checks) {
    const problem = check(value);
    if (problem) return problem;
  }
  return undefined;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * product.md «Validation rules and messages»: phone required, max length 10 (and the form check's 'Longitud minima 10' at 9).
 * Spaces, dots and dashes a customer types between digit groups are dropped; a number is
 * accepted as its digits.
 */
const phoneField = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value,
  z
    .string({ error: MARKETING_MESSAGES.phoneRequired })
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .superRefine((value, ctx) => {
      const problem =
        checkField(value, {
          message: MARKETING_MESSAGES.phoneRequired,
          maxlength: PHONE_MAX_LENGTH,
        }) ??
        (!/^[0-9]+$/.test(value)
          ? MARKETING_MESSAGES.phoneDigits
          : value.length > PHONE_MAX_LENGTH
            ? MARKETING_MESSAGES.phoneTooLong
            : value.length < MARKETING_LIMITS.phoneMin
              ? MARKETING_MESSAGES.phoneTooShort
              : undefined);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/**
 * An id chosen in the form (a `<select>` sends text) or sent as a number. Empty or 0 means
 * "nothing chosen" (the form check's rule); anything else must be a positive integer.
 */
function idField(required: string, invalid: string) {
  return z.unknown().transform((value, ctx) => {
    const problem = checkField(value, { message: required });
    const text =
      typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (problem === undefined && /^[1-9][0-9]{0,8}$/.test(text)) return Number(text);
    ctx.addIssue({ code: 'custom', message: problem ?? invalid });
    return z.NEVER;
  });
}

const nameField = textField(
  { message: MARKETING_MESSAGES.nameRequired },
  maxLength(MARKETING_LIMITS.name),
);
const branchField = idField(MARKETING_MESSAGES.branchUnknown, MARKETING_MESSAGES.branchUnknown);
const normalizeEmail = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

// ---------------------------------------------------------------------------------------------
// Discount signup: POST /api/discount
// ---------------------------------------------------------------------------------------------

export const discountBody = z
  .object({
    name: nameField,
    phone: phoneField,
    email: textField(
      { message: MARKETING_MESSAGES.emailRequired },
      maxLength(MARKETING_LIMITS.email),
      (value) => (EMAIL_PATTERN.test(value) ? undefined : MARKETING_MESSAGES.emailInvalid),
    ).transform((value) => value.toLowerCase()),
    // Compared with the email below, where both are known.
    confirmation: z.unknown().optional(),
    address: textField(
      { message: MARKETING_MESSAGES.addressRequired },
      maxLength(MARKETING_LIMITS.address),
    ),
    source_id: idField(MARKETING_MESSAGES.sourceRequired, MARKETING_MESSAGES.sourceUnknown),
    branch_id: branchField,
  })
  .refine((body) => normalizeEmail(body.confirmation) === normalizeEmail(body.email), {
    error: MARKETING_MESSAGES.confirmationMismatch,
    path: ['confirmation'],
    // Even when another field is wrong (the customer should learn every mistake at once), but
    // only once the body is an object at all.
    when: ({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value),
  })
  // The confirmation has done its job: it is not stored.
  .transform(({ confirmation: _confirmation, ...signup }) => signup);

// ---------------------------------------------------------------------------------------------
// Courtesy reservation: POST /api/courtesy-validate
// ---------------------------------------------------------------------------------------------

export const courtesyBody = z.object({
  name: nameField,
  phone: phoneField,
  branch_id: branchField,
  // product.md «Validation rules and messages» calls it registration_date; the payload («Entities») names it date_reservation.
  date_reservation: textField({ message: MARKETING_MESSAGES.dateRequired }, (value) =>
    isIsoDate(value) ? undefined : MARKETING_MESSAGES.dateInvalid,
  ).meta({ format: 'date' }),
});

/**
 * Whether a branch can take a courtesy visit on `date` (a valid ISO date): not before the
 * chain's today, not beyond RESERVATION_MAX_DAYS_AHEAD, and on a weekday the branch opens.
 * ISO dates compare correctly as text.
 */
export function reservationDateProblem(
  date: string,
  {
    today,
    branchTitle,
    openWeekdays,
  }: { today: string; branchTitle: string; openWeekdays: readonly number[] },
): string | undefined {
  if (date < today) return MARKETING_MESSAGES.datePast;
  if (date > addDays(today, RESERVATION_MAX_DAYS_AHEAD)) return MARKETING_MESSAGES.dateTooFar;
  if (!openWeekdays.includes(weekdayOfDate(date)))
    return marketingMessage.closedThatDay(branchTitle);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const marketingErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * product.md «Wire contract» `{status, error, errors}`: `status: true` on success; on a refusal either `errors`
 * keyed by field (state 3) or one `error` sentence (state 4). A refusal also carries `message`,
 * as every other error answer of the API does (product.md «Wire contract»), for clients that only read that.
 */
export const marketingAnswerSchema = z.object({
  status: z.boolean(),
  error: z.string().nullable(),
  errors: marketingErrorsSchema,
  message: z.string().optional(),
});

export type MarketingAnswer = z.infer<typeof marketingAnswerSchema>;
export type MarketingErrors = z.infer<typeof marketingErrorsSchema>;

type IssueLike = { path: readonly PropertyKey[]; message: string };

/** A refusal: field errors (state 3), or one sentence (state 4) when `error` is given. */
export function marketingRefusal({
  error = null,
  errors = {},
}: {
  error?: string | null;
  errors?: MarketingErrors;
}): MarketingAnswer {
  return { status: false, error, errors, message: error ?? MARKETING_MESSAGES.checkFields };
}

/**
 * zod issues as the answer's shape: messages keyed by the payload field. An issue about the body
 * as a whole (not an object at all) becomes the single `error`.
 */
export function marketingAnswerFromIssues(issues: readonly IssueLike[]): MarketingAnswer {
  const errors: MarketingErrors = {};
  let error: string | null = null;
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === undefined) error = MARKETING_MESSAGES.invalidBody;
    else (errors[String(field)] ??= []).push(issue.message);
  }
  return marketingRefusal({ error, errors });
}

export const marketingSuccess: MarketingAnswer = { status: true, error: null, errors: {} };

// ---------------------------------------------------------------------------------------------
// Staff listing
// ---------------------------------------------------------------------------------------------

export const discountSignupSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  source: z.object({ id: z.number().int(), description: z.string() }),
  created_at: z.string(),
});

export const courtesyReservationSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  date_reservation: z.string(),
  created_at: z.string(),
});

export const discountSignupListResponse = listOf(discountSignupSchema);
export const courtesyReservationListResponse = listOf(courtesyReservationSchema);

export type DiscountBody = z.infer<typeof discountBody>;
export type CourtesyBody = z.infer<typeof courtesyBody>;
/** What the storefront's forms hold and send: text as typed. */
export interface DiscountForm {
  name: string;
  phone: string;
  email: string;
  confirmation: string;
  address: string;
  source_id: string;
  branch_id: number;
}
export interface CourtesyForm {
  name: string;
  phone: string;
  date_reservation: string;
  branch_id: number;
}
export type DiscountSignup = z.infer<typeof discountSignupSchema>;
export type CourtesyReservation = z.infer<typeof courtesyReservationSchema>;

import { z } from 'zod';
import { expectedVersion } from './admin';
import { idParamSchema, isApiDay, listOf, wholeNumberSchema } from './common';
import { safeText, searchText } from './text';

/**
 * The back office's Contenido and Registros sections: banners, coupons, payment methods, the
 * survey's options, the social links of /redes-sociales, and the marketing records with their
 * CSV export. Client and server check with these same schemas and messages.
 */

export const ADMIN_CONTENT_MESSAGES = {
  title: 'Escribe un título de hasta 160 caracteres.',
  description: 'Escribe una descripción de hasta 400 caracteres.',
  image: 'Sube una imagen.',
  date: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateOrder: 'La fecha final no puede ser anterior a la inicial.',
  paymentDescription: 'Escribe el nombre del método de pago (hasta 120 caracteres).',
  surveyDescription: 'Escribe la opción de la encuesta (hasta 160 caracteres).',
  active: 'Indica si está activo.',
  handle: 'Escribe el texto que verán los clientes (hasta 80 caracteres).',
  url: 'Escribe una dirección que empiece por https:// (hasta 300 caracteres).',
  whatsapp:
    'Escribe el número de WhatsApp con el indicativo del país, solo dígitos (10 a 15), por ejemplo 573001234567.',
  branch: 'Elige una sede válida.',
  search: 'La búsqueda no es válida (hasta 120 caracteres).',
  paymentTypeNotFound: 'Ese método de pago no existe.',
  paymentKind: 'Elige cómo se paga: efectivo, al recibir o en línea.',
  surveyOptionNotFound: 'Esa opción de la encuesta no existe.',
  bannerNotFound: 'Ese banner no existe.',
  bannerPromotion: 'Esa promoción no existe. Elige otra o ninguna.',
  lastPaymentType:
    'Debe quedar al menos un método de pago activo: la tienda no podría recibir pedidos.',
  discountPercent: 'Escribe un porcentaje entero de 0 a 100.',
  discountAmount: 'Escribe un valor en pesos, entero, de 0 a 1.000.000.',
  minOrder: 'Escribe el pedido mínimo en pesos, entero, de 0 a 10.000.000 (0: sin mínimo).',
  validDays: 'Escribe cuántos días vale el código: un número entero de 1 a 365.',
  discountBoth: 'Elige un porcentaje o un valor de descuento, no ambos.',
  discountNone: 'Escribe un porcentaje o un valor de descuento mayor que cero.',
} as const;

const M = ADMIN_CONTENT_MESSAGES;

/**
 * Images of the back office are the server's own: a path under /images/ (the seed's artwork and
 * the uploads both live there). Anything else — another site, `javascript:`, `..` — is refused,
 * so an admin's typo or a pasted link can never make the storefront load from elsewhere.
 */
const IMAGE_PATH = /^\/images\/[A-Za-z0-9._\-/]{1,280}$/;
export const adminImageSchema = z
  .string({ error: M.image })
  .trim()
  .refine((value) => IMAGE_PATH.test(value) && !value.includes('..') && !value.includes('//'), {
    error: M.image,
  });

const text = (max: number, error: string, multiline = false) =>
  safeText({ error, multiline }).pipe(z.string().min(1, { error }).max(max, { error }));

/** A chain calendar day, YYYY-MM-DD, or null for "no limit". */
const optionalDay = z
  .string({ error: M.date })
  .trim()
  .refine((value) => value === '' || isApiDay(value), { error: M.date })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .transform((value) => value ?? null)
  .meta({ format: 'date' });

const activeSchema = z.boolean({ error: M.active });

// ---------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------

/** A banner shows on the storefront when active and today (the chain's day) is within [from, to]. */
export const bannerBody = z
  .object({
    title: text(160, M.title),
    image: adminImageSchema,
    active_from: optionalDay,
    active_to: optionalDay,
    /** Left out: a new item is shown, an edited one keeps its state. */
    active: activeSchema.optional(),
    /** The promotion it announces, where a tap leads; null: none; left out: a new banner has none, an edited one keeps its own. */
    promotion_id: z
      .number({ error: M.bannerPromotion })
      .int({ error: M.bannerPromotion })
      .positive({ error: M.bannerPromotion })
      .max(2_147_483_647, { error: M.bannerPromotion })
      .nullable()
      .optional(),
    ...expectedVersion,
  })
  .refine((b) => b.active_from === null || b.active_to === null || b.active_from <= b.active_to, {
    error: M.dateOrder,
    path: ['active_to'],
  });
export type BannerBody = z.input<typeof bannerBody>;

export const adminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  active_from: z.string().nullable(),
  active_to: z.string().nullable(),
  promotion_id: z.number().int().nullable(),
  version: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerListResponse = listOf(adminBannerSchema);
export const adminBannerResponse = z.object({ results: adminBannerSchema });

/** Whether a banner shows on `today` (a chain day): the storefront's rule, also shown in the console. */
export function bannerShowsOn(
  banner: Pick<AdminBanner, 'active' | 'active_from' | 'active_to'>,
  today: string,
): boolean {
  if (!banner.active) return false;
  if (banner.active_from !== null && today < banner.active_from) return false;
  if (banner.active_to !== null && today > banner.active_to) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Coupons: one per branch
// ---------------------------------------------------------------------------------------------

/** What a new coupon offers when the back office leaves its terms out (migration 019's defaults). */
export const COUPON_TERM_DEFAULTS = {
  discount_percent: 10,
  discount_amount: 0,
  min_order: 0,
  valid_days: 30,
} as const;
export type CouponTerms = { [K in keyof typeof COUPON_TERM_DEFAULTS]: number };

const wholeNumber = (min: number, max: number, error: string) => wholeNumberSchema(error, min, max);

/**
 * A code takes off a percentage or an amount, never both and never nothing: the message for a
 * pair that breaks that, or null. The server asks again once left-out terms are filled in.
 */
export function couponDiscountProblem(percent: number, amount: number): string | null {
  if (percent > 0 && amount > 0) return M.discountBoth;
  if (percent <= 0 && amount <= 0) return M.discountNone;
  return null;
}

export const couponBody = z
  .object({
    title: text(160, M.title),
    description: text(400, M.description, true),
    main_image: adminImageSchema,
    confirmation_image: adminImageSchema,
    /** Left out: a new item is shown, an edited one keeps its state. */
    active: activeSchema.optional(),
    /**
     * The terms each code is issued with (copied at issue: codes already sent keep theirs). Each
     * left out: an edited coupon keeps its own, a new one takes COUPON_TERM_DEFAULTS.
     */
    discount_percent: wholeNumber(0, 100, M.discountPercent).optional(),
    /** Pesos. */
    discount_amount: wholeNumber(0, 1_000_000, M.discountAmount).optional(),
    /** Pesos: the least subtotal a code applies to; 0 = any order. */
    min_order: wholeNumber(0, 10_000_000, M.minOrder).optional(),
    /** Days from issue until a code expires. */
    valid_days: wholeNumber(1, 365, M.validDays).optional(),
    ...expectedVersion,
  })
  .superRefine((body, ctx) => {
    if (body.discount_percent === undefined || body.discount_amount === undefined) return;
    const problem = couponDiscountProblem(body.discount_percent, body.discount_amount);
    if (problem !== null)
      ctx.addIssue({ code: 'custom', message: problem, path: ['discount_percent'] });
  });
export type CouponBody = z.input<typeof couponBody>;

export const adminCouponSchema = z.object({
  branch_id: z.number().int(),
  branch_title: z.string(),
  /** The branch's discount signups, the codes they were issued and the codes redeemed with an order. */
  signups: z.number().int(),
  codes_issued: z.number().int(),
  codes_redeemed: z.number().int(),
  /** null while the branch has no coupon yet. */
  coupon: z
    .object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      main_image: z.string(),
      confirmation_image: z.string(),
      active: z.boolean(),
      discount_percent: z.number().int(),
      /** Pesos. */
      discount_amount: z.number().int(),
      /** Pesos. */
      min_order: z.number().int(),
      valid_days: z.number().int(),
      version: z.number().int(),
    })
    .nullable(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponListResponse = listOf(adminCouponSchema);
export const adminCouponResponse = z.object({ results: adminCouponSchema });

// ---------------------------------------------------------------------------------------------
// Payment methods and survey options: a name, an order, on or off
// ---------------------------------------------------------------------------------------------

/**
 * How a method is paid (decision 061): `cash` (checkout asks what the customer pays with),
 * `on_delivery` (a card machine at the door, a transfer) or `online` (the chain's payment
 * provider, before the order reaches the branch).
 */
export const PAYMENT_KINDS = ['cash', 'on_delivery', 'online'] as const;
export const paymentKindSchema = z.enum(PAYMENT_KINDS, { error: M.paymentKind });
export const PAYMENT_KIND_TEXT: Record<(typeof PAYMENT_KINDS)[number], string> = {
  cash: 'Efectivo',
  on_delivery: 'Al recibir',
  online: 'En línea',
};

export const paymentTypeBody = z.object({
  description: text(120, M.paymentDescription),
  /** Left out: a new item is shown, an edited one keeps its state. */
  active: activeSchema.optional(),
  /** Left out: a new method is paid on delivery, an edited one keeps how it is paid. */
  kind: paymentKindSchema.optional(),
  ...expectedVersion,
});
export type PaymentTypeBody = z.input<typeof paymentTypeBody>;

export const surveyOptionBody = z.object({
  description: text(160, M.surveyDescription),
  /** Left out: a new item is shown, an edited one keeps its state. */
  active: activeSchema.optional(),
  ...expectedVersion,
});
export type SurveyOptionBody = z.input<typeof surveyOptionBody>;

export const adminPaymentTypeSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  kind: paymentKindSchema,
  version: z.number().int(),
});
export type AdminPaymentType = z.infer<typeof adminPaymentTypeSchema>;
export const adminPaymentTypeListResponse = listOf(adminPaymentTypeSchema);
export const adminPaymentTypeResponse = z.object({ results: adminPaymentTypeSchema });

export const adminSurveyOptionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** How many discount signups chose it: an option with signups is hidden, never deleted. */
  signups: z.number().int(),
  version: z.number().int(),
});
export type AdminSurveyOption = z.infer<typeof adminSurveyOptionSchema>;
export const adminSurveyOptionListResponse = listOf(adminSurveyOptionSchema);
export const adminSurveyOptionResponse = z.object({ results: adminSurveyOptionSchema });
/** `DELETE /api/admin/survey-options/{id}`: removed, or hidden because signups point to it. */
export const surveyOptionRemovalResponse = z.object({
  results: z.object({ id: z.number().int(), outcome: z.enum(['deleted', 'hidden']) }),
});

// ---------------------------------------------------------------------------------------------
// Social links (/redes-sociales)
// ---------------------------------------------------------------------------------------------

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'whatsapp'] as const;
export type SocialNetworkName = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_NAMES: Record<SocialNetworkName, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
};

/**
 * `https://host.tld/path…`: no credentials, spaces, quotes or angle brackets. A pattern rather than
 * `URL`, which this package cannot count on in every runtime's types.
 */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?(\/[^\s"'<>\\]*)?$/;

/** Only https: the page opens these in a new tab, and http or javascript: have no place there. */
export const httpsUrlSchema = z
  .string({ error: M.url })
  .trim()
  .max(300, { error: M.url })
  .refine((value) => HTTPS_URL.test(value), { error: M.url });

/** Country code and number, digits only, as wa.me wants them (E.164 without the +). */
export const whatsappNumberSchema = z
  .string({ error: M.whatsapp })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^\+/, ''))
  .refine((value) => /^[1-9]\d{9,14}$/.test(value), { error: M.whatsapp });

const handleSchema = text(80, M.handle);
const linkAccount = z.object({ handle: handleSchema, url: httpsUrlSchema, active: activeSchema });

export const socialLinksBody = z.object({
  instagram: linkAccount,
  facebook: linkAccount,
  whatsapp: z.object({ handle: handleSchema, number: whatsappNumberSchema, active: activeSchema }),
  ...expectedVersion,
});
export type SocialLinksBody = z.input<typeof socialLinksBody>;

/** What the console edits: each network's text, link (or number) and whether it shows. */
export const adminSocialLinksSchema = z.object({
  instagram: z.object({ handle: z.string(), url: z.string(), active: z.boolean() }),
  facebook: z.object({ handle: z.string(), url: z.string(), active: z.boolean() }),
  whatsapp: z.object({ handle: z.string(), number: z.string(), active: z.boolean() }),
  /** One version for the three networks: they are saved together, by one form. */
  version: z.number().int(),
});
export type AdminSocialLinks = z.infer<typeof adminSocialLinksSchema>;
export const adminSocialLinksResponse = z.object({ results: adminSocialLinksSchema });

export const socialAccountSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  /** The network's name as customers know it. */
  name: z.string(),
  /** The handle or page name the customer sees. */
  handle: z.string(),
  href: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** `GET /api/social-links`: the accounts to follow and the messaging link, only those shown. */
export const socialLinksResponse = z.object({
  results: z.object({
    accounts: z.array(socialAccountSchema),
    messaging: socialAccountSchema.nullable(),
  }),
});
export type SocialLinks = z.infer<typeof socialLinksResponse>['results'];

// ---------------------------------------------------------------------------------------------
// Registros: discount signups and courtesy reservations
// ---------------------------------------------------------------------------------------------

/** The most rows a CSV carries, newest first. */
export const RECORDS_LIMIT = 20_000;
/** How many rows the screen shows at once. */
export const RECORDS_PAGE = 200;

const queryDay = z
  .string({ error: M.date })
  .trim()
  .refine(isApiDay, { error: M.date })
  .meta({ format: 'date' })
  .optional();

export const recordsQuery = z
  .object({
    branch_id: idParamSchema.optional(),
    /** Chain days, inclusive: a signup's day of creation, a reservation's day of visit. */
    from: queryDay,
    to: queryDay,
    q: searchText({ max: 120, error: M.search }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: M.dateOrder,
    path: ['to'],
  });
export type RecordsQuery = z.infer<typeof recordsQuery>;

export const adminDiscountSignupSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  branch_title: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type AdminDiscountSignup = z.infer<typeof adminDiscountSignupSchema>;

export const adminCourtesyReservationSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  branch_title: z.string(),
  name: z.string(),
  phone: z.string(),
  date_reservation: z.string(),
  created_at: z.string(),
});
export type AdminCourtesyReservation = z.infer<typeof adminCourtesyReservationSchema>;

/** The screen's lists: the newest RECORDS_PAGE rows; `more` says the CSV has the rest. */
export const adminDiscountSignupListResponse = listOf(adminDiscountSignupSchema).extend({
  more: z.boolean(),
});
export const adminCourtesyReservationListResponse = listOf(adminCourtesyReservationSchema).extend({
  more: z.boolean(),
});

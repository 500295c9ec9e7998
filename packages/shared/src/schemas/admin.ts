import { z } from 'zod';
import { userSchema } from './accounts';
import { idParamSchema, idSchema, listOf, wholeNumberSchema } from './common';
import { safeText } from './text';

/**
 * What every part of the chain's back office (`/api/admin/*`, /panel/admin) shares: money and
 * order fields, reordering, the change log and who is signed in to the console. Each part's own
 * resources live in their own schema file next to this one.
 */

/** The largest price, fee or minimum the back office accepts, in pesos: far above any real one. */
export const ADMIN_MONEY_MAX = 10_000_000;

export const ADMIN_MESSAGES = {
  money: `El valor debe ser un número entero de pesos entre 0 y ${ADMIN_MONEY_MAX.toLocaleString('de-DE')}.`,
  order: 'Indica el nuevo orden con la lista completa de identificadores, sin repetir.',
  auditFilter: 'El filtro del historial no es válido.',
  forbidden: 'Solo la administración de la cadena puede hacer esto.',
  version: 'La versión que editaste no es válida. Recarga la página.',
  conflict:
    'Otra persona cambió esto mientras lo editabas; no se guardó nada. Mira su versión y vuelve a hacer tu cambio.',
} as const;

/**
 * The version of an entity the back office read (decision 032). Sent back with a write, it
 * makes the server refuse (409, with the current copy) a save over someone else's newer one.
 * Optional in the bodies that had none before, so an older client keeps working.
 */
export const versionSchema = wholeNumberSchema(ADMIN_MESSAGES.version, 1);
export const expectedVersion = { version: versionSchema.optional() };

/** The body of a 409: what stopped the save, and the entity as it is now (as its GET answers it). */
export const conflictSchema = z.object({ message: z.string(), current: z.unknown().optional() });

/** Integer pesos, never negative, fractional or absurd. */
export const moneySchema = wholeNumberSchema(ADMIN_MESSAGES.money, 0, ADMIN_MONEY_MAX);

/** `PUT …/order` bodies: every id of the list, in the new order. */
export const reorderBody = z.object({
  ids: z
    .array(idSchema(ADMIN_MESSAGES.order), { error: ADMIN_MESSAGES.order })
    .min(1, { error: ADMIN_MESSAGES.order })
    .max(1000, { error: ADMIN_MESSAGES.order })
    .refine((ids) => new Set(ids).size === ids.length, { error: ADMIN_MESSAGES.order }),
});

export const adminIdParams = z.object({ id: idParamSchema });

// ---------------------------------------------------------------------------------------------
// Who is using the console
// ---------------------------------------------------------------------------------------------

export const consoleRoleSchema = z.enum(['staff', 'courier', 'admin']);

/** `GET /api/staff/me`: the console's account, with what it may do. */
export const staffMeResponse = z.object({
  user: userSchema.extend({
    role: consoleRoleSchema,
    /** The branches a staff member works at; empty for an admin, who has every branch. */
    branch_ids: z.array(z.number().int()),
    /**
     * Until when this session may use the console without the second factor the chain now asks
     * of it (an ISO instant; decision 083): the console says so. Null: nothing to do.
     */
    second_factor_grace_until: z.string().nullable(),
  }),
});
export type StaffMe = z.infer<typeof staffMeResponse>['user'];

// ---------------------------------------------------------------------------------------------
// Historial de cambios
// ---------------------------------------------------------------------------------------------

/**
 * The kinds of change the log records: the back office's, then the branch console's (a product
 * sold out or back, a pause and its end, rush minutes, and an order's every step: accepting,
 * rejecting, cancelling get their own, the other steps are `status`).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'hide',
  'show',
  'delete',
  'reorder',
  'reset_password',
  'reset_second_factor',
  'deactivate',
  'activate',
  'sold_out',
  'available',
  'pause',
  'resume',
  'rush',
  'accept',
  'reject',
  'cancel',
  'status',
  'refund',
  // A branch's couriers (decision 068).
  'assign',
  'reassign',
  'depart',
  'deliver',
  'fail',
  'shift_start',
  'shift_end',
  'shift_close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Spanish names for the history screen. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creó',
  update: 'Editó',
  hide: 'Ocultó',
  show: 'Mostró',
  delete: 'Eliminó',
  reorder: 'Reordenó',
  reset_password: 'Restableció la contraseña de',
  reset_second_factor: 'Quitó la verificación en dos pasos de',
  deactivate: 'Desactivó',
  activate: 'Reactivó',
  sold_out: 'Agotó',
  available: 'Volvió a ofrecer',
  pause: 'Pausó',
  resume: 'Reanudó',
  rush: 'Cambió la alta demanda de',
  accept: 'Aceptó',
  reject: 'Rechazó',
  cancel: 'Canceló',
  status: 'Cambió el estado de',
  refund: 'Reembolsó',
  assign: 'Asignó domiciliario a',
  reassign: 'Cambió el viaje de',
  depart: 'Salió con',
  deliver: 'Entregó',
  fail: 'No pudo entregar',
  shift_start: 'Empezó el turno de',
  shift_end: 'Terminó el turno de',
  shift_close: 'Cerró el turno de',
};

export const AUDIT_PAGE_SIZE = 50;

const auditFilterText = safeText({ error: ADMIN_MESSAGES.auditFilter }).pipe(
  z.string().max(120, { error: ADMIN_MESSAGES.auditFilter }),
);
/** An account's or a branch's id in the query: a canonical positive integer, nothing else. */
const auditFilterId = z
  .string({ error: ADMIN_MESSAGES.auditFilter })
  .regex(/^[1-9][0-9]{0,8}$/, { error: ADMIN_MESSAGES.auditFilter })
  .transform(Number);

/** `GET /api/admin/audit`: newest first, `before` (an id) pages back. */
export const auditQuery = z.object({
  entity: auditFilterText.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: ADMIN_MESSAGES.auditFilter }).optional(),
  /** Part of the email of who made the change. */
  user: auditFilterText.optional(),
  /** Who made the change, by account id (the Historial's «Persona»). */
  user_id: auditFilterId.optional(),
  /** The branch the change was about (the Historial's «Sede»): a branch's switches, orders, products. */
  branch_id: auditFilterId.optional(),
  /** Words of the summary ("Hamburguesa", "Campiña"). */
  q: auditFilterText.optional(),
  before: idParamSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who made the change: their email at the time. */
  user: z.string(),
  user_id: z.number().int().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** What kind of thing changed ("product", "branch", "staff"…). */
  entity: z.string(),
  entity_id: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  /** One line in Spanish: "Hamburguesa clásica: precio 18.000 → 19.500". */
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponse = listOf(auditEntrySchema).extend({
  /** The `before` to ask for the next (older) page, or null at the end. */
  next: z.number().int().nullable(),
});

import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, passwordSchema, phoneSchema } from './accounts';
import { expectedVersion } from './admin';
import { idSchema, listOf, oneOf } from './common';
import { safeText } from './text';

/** `/api/admin/staff`: the chain's staff and admin accounts (customers are not listed here). */

export const STAFF_MESSAGES = {
  role: 'Elige el rol: personal de sede, domiciliario o administración.',
  branches: 'Elige al menos una sede para el personal.',
  branchUnknown: 'Una de las sedes elegidas no existe.',
  notFound: 'No encontramos esa cuenta del personal.',
  lastAdmin:
    'Es la última cuenta de administración activa: crea o reactiva otra antes de quitarle el acceso.',
  alreadyActive: 'La cuenta ya está activa.',
  alreadyDeactivated: 'La cuenta ya está desactivada.',
} as const;

export const STAFF_ACCOUNT_ROLES = ['staff', 'courier', 'admin'] as const;
export type StaffRole = (typeof STAFF_ACCOUNT_ROLES)[number];

/** Staff and couriers work at the branches they are given; an admin at every one. */
export const worksAtBranches = (role: StaffRole): boolean => role !== 'admin';

/** Spanish names of the roles, for the list and the form. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  staff: 'Personal de sede',
  courier: 'Domiciliario',
  admin: 'Administración',
};

const staffRole = z.enum(STAFF_ACCOUNT_ROLES, { error: STAFF_MESSAGES.role });

const branchIds = z
  .array(idSchema(STAFF_MESSAGES.branchUnknown), { error: STAFF_MESSAGES.branches })
  .max(500, { error: STAFF_MESSAGES.branches })
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** What an account is, apart from its password. Staff work at one or more branches; admins at all. */
const staffFields = z.object({
  name: safeText({ error: ACCOUNT_MESSAGES.nameRequired })
    .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
    .max(120, { error: ACCOUNT_MESSAGES.tooLong }),
  email: emailSchema,
  phone: phoneSchema,
  role: staffRole,
  branch_ids: branchIds,
  ...expectedVersion,
});

type StaffFields = z.infer<typeof staffFields>;
const needsBranches = (body: Pick<StaffFields, 'role' | 'branch_ids'>) =>
  body.role === 'admin' || body.branch_ids.length > 0;

/** `PUT /api/admin/staff/{id}`. An admin's branches are ignored (they have every branch). */
export const staffUpdateBody = staffFields.refine(needsBranches, {
  error: STAFF_MESSAGES.branches,
  path: ['branch_ids'],
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

/** `POST /api/admin/staff`: with the first password, under the staff rules (12 characters or more). */
export const staffCreateBody = staffFields
  .extend({ password: passwordSchema('staff') })
  .refine(needsBranches, { error: STAFF_MESSAGES.branches, path: ['branch_ids'] });
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

/** `POST /api/admin/staff/{id}/password`: the admin sets a new one; every session of the account ends. */
export const staffPasswordBody = z.object({
  password: passwordSchema('staff'),
  ...expectedVersion,
});
export type StaffPasswordBody = z.infer<typeof staffPasswordBody>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: staffRole,
  /** The branches a staff member works at; empty for an admin, who has every branch. */
  branch_ids: z.array(z.number().int()),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  /** The account has turned the second factor on (decision 044). */
  second_factor: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponse = listOf(staffMemberSchema);
export const staffMemberResponse = oneOf(staffMemberSchema);

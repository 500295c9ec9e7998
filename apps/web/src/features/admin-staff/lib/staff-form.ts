import {
  staffCreateBody,
  staffMemberSchema,
  staffPasswordBody,
  staffUpdateBody,
  STAFF_ROLE_LABELS,
  worksAtBranches,
  type StaffMember,
  type StaffRole,
} from '@comanda/shared';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { problemsFromParse } from '@/lib/form/problems';

export const ACCOUNT_FIELDS = ['name', 'email', 'phone', 'role', 'branch_ids', 'password'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];
export type AccountValues = Record<AccountField, string>;

/** The form keeps text; the branches travel as `"3,7"` inside it. */
export const branchIdsOf = (value: string): number[] =>
  value.split(',').filter(Boolean).map(Number);

export function initialValues(member?: StaffMember): AccountValues {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    phone: member?.phone ?? '',
    role: member?.role ?? 'staff',
    branch_ids: member?.branch_ids.join(',') ?? '',
    password: '',
  };
}

/**
 * An account after another admin saved it: their copy as the form's values, side by side with
 * these (`branchTitle` names a branch id).
 */
export const accountConflict = (
  branchTitle: (id: number) => string,
): ConflictSetup<AccountField> => ({
  labels: {
    name: 'Nombre',
    email: 'Email',
    phone: 'Celular',
    role: 'Rol',
    branch_ids: 'Sedes',
    password: 'Contraseña',
  },
  read: readRecord(staffMemberSchema, initialValues),
  shown: (field, value) =>
    field === 'role'
      ? (STAFF_ROLE_LABELS[value as StaffRole] ?? value)
      : field === 'branch_ids'
        ? branchIdsOf(value).map(branchTitle).join(', ') || 'Ninguna'
        : value,
});

const bodyOf = (values: AccountValues) => ({
  name: values.name,
  email: values.email,
  phone: values.phone,
  role: values.role as StaffRole,
  branch_ids: worksAtBranches(values.role as StaffRole) ? branchIdsOf(values.branch_ids) : [],
});

export const createBodyOf = (values: AccountValues) =>
  staffCreateBody.parse({ ...bodyOf(values), password: values.password });
export const updateBodyOf = (values: AccountValues) => staffUpdateBody.parse(bodyOf(values));

/** The server's own check (the same shared schemas), run before sending. */
export function checkAccount(values: AccountValues, creating: boolean) {
  const result = creating
    ? staffCreateBody.safeParse({ ...bodyOf(values), password: values.password })
    : staffUpdateBody.safeParse(bodyOf(values));
  return problemsFromParse(result, ACCOUNT_FIELDS);
}

export const PASSWORD_FIELDS = ['password'] as const;
export const checkPassword = (values: { password: string }) =>
  problemsFromParse(staffPasswordBody.safeParse(values), PASSWORD_FIELDS);

/** What the search box matches: name, email, phone and the names of the branches. */
export function matches(member: StaffMember, branchTitles: string, search: string): boolean {
  const words = search
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  const text = `${member.name} ${member.email} ${member.phone} ${branchTitles}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  return words.every((word) => text.includes(word));
}

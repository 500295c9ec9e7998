import {
  adminBranchSchema,
  chainToday,
  WEEKDAY_LABELS,
  type AdminBranch,
  type AdminBranchBody,
  type TimeRange,
} from '@comanda/shared';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';

/** The data form's fields, in their order on screen (focus goes to the first wrong one). */
export const DATA_FIELDS = [
  'title',
  'address',
  'phone',
  'city',
  'prep_minutes',
  'pickup_available',
  'delivery_available',
] as const;
export type DataField = (typeof DATA_FIELDS)[number];

/** Checkboxes travel through the form as '1' or ''. */
export function dataValues(branch: AdminBranch | null): Record<DataField, string> {
  return {
    title: branch?.title ?? '',
    address: branch?.address ?? '',
    phone: branch?.phone ?? '',
    city: branch?.city ?? '',
    prep_minutes: String(branch?.prep_minutes ?? 20),
    pickup_available: branch === null || branch.pickup_available ? '1' : '',
    delivery_available: branch === null || branch.delivery_available ? '1' : '',
  };
}

/** Datos after another admin saved the branch: their copy as the form's values, side by side with these. */
export const dataConflict: ConflictSetup<DataField> = {
  labels: {
    title: 'Nombre de la sede',
    address: 'Dirección',
    phone: 'Teléfono',
    city: 'Ciudad',
    prep_minutes: 'Preparación habitual (minutos)',
    pickup_available: 'Recogida en tienda',
    delivery_available: 'Domicilio',
  },
  read: readRecord(adminBranchSchema, dataValues),
  shown: (field, value) =>
    field === 'pickup_available' || field === 'delivery_available'
      ? value === '1'
        ? 'Sí'
        : 'No'
      : value,
};

/** What is typed → the body the shared schema checks (a number that is not one stays NaN and is refused). */
export function dataBody(values: Record<DataField, string>): AdminBranchBody {
  return {
    title: values.title,
    address: values.address,
    phone: values.phone,
    city: values.city,
    prep_minutes: values.prep_minutes.trim() === '' ? Number.NaN : Number(values.prep_minutes),
    pickup_available: values.pickup_available === '1',
    delivery_available: values.delivery_available === '1',
  };
}

/** Pesos as typed ("5.000", "5000", "$5.000") → a number; anything else stays NaN for the schema to refuse. */
export function pesosFromText(text: string): number {
  const digits = text.replace(/[$\s.]/g, '');
  return /^-?\d+(,\d+)?$/.test(digits) ? Number(digits.replace(',', '.')) : Number.NaN;
}

/** Today on the chain's calendar: a new exception starts there. */
export const today = () => chainToday(new Date());

/** A range that closes at or before it opens runs into the next day. */
export const pastMidnight = (range: { opens: string; closes: string }) =>
  /^\d\d:\d\d$/.test(range.opens) &&
  /^\d\d:\d\d$/.test(range.closes) &&
  range.closes !== '24:00' &&
  range.closes <= range.opens &&
  range.closes !== range.opens;

/** Horario's days as a conflict's fields: each weekday (0 Sunday … 6 Saturday) by its number. */
export const DAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type DayKey = (typeof DAY_KEYS)[number];

/** The week as Horario edits it: each weekday's ranges, from the branch's stored hours. */
export const weekOf = (hours: AdminBranch['hours']): TimeRange[][] =>
  DAY_KEYS.map((_, weekday) =>
    hours.filter((h) => h.weekday === weekday).map(({ opens, closes }) => ({ opens, closes })),
  );

/** A week as a conflict's values (each day's ranges as text), and back. */
export const dayValues = (week: readonly TimeRange[][]): Record<DayKey, string> =>
  Object.fromEntries(
    DAY_KEYS.map((key, weekday) => [key, JSON.stringify(week[weekday] ?? [])]),
  ) as Record<DayKey, string>;
export const weekFromValues = (values: Record<DayKey, string>): TimeRange[][] =>
  DAY_KEYS.map((key) => JSON.parse(values[key]) as TimeRange[]);

/** Horario after another admin saved the branch: day by day, these hours beside theirs. */
export const hoursConflict: ConflictSetup<DayKey> = {
  labels: Object.fromEntries(
    DAY_KEYS.map((key, weekday) => [key, WEEKDAY_LABELS[weekday] ?? key]),
  ) as Record<DayKey, string>,
  read: readRecord(adminBranchSchema, (branch) => dayValues(weekOf(branch.hours))),
  shown: (_day, value) => {
    const ranges = JSON.parse(value) as TimeRange[];
    return ranges.length === 0
      ? 'Cerrado'
      : ranges.map((range) => `${range.opens} a ${range.closes}`).join(', ');
  },
};

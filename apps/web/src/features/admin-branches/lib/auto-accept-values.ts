import {
  autoAcceptResponse,
  describeDayparts,
  formatMoney,
  type AutoAcceptAnswer,
  type AutoAcceptRules,
  type Daypart,
} from '@comanda/shared';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { pesosFromText } from './branch-form';

// A branch's auto-accept rules (product.md «Auto-accept») as the back office's card holds them
// (every field text: a checkbox '1' or '', the windows as their JSON) and what it sends.

/** The card's fields, in their order on screen (focus goes to the first wrong one). */
export const AUTO_ACCEPT_FIELDS = [
  'asap',
  'scheduled',
  'paid_online_only',
  'max_total',
  'windows',
] as const;
export type AutoAcceptField = (typeof AUTO_ACCEPT_FIELDS)[number];

const flagText = (on: boolean) => (on ? '1' : '');

export const autoAcceptValues = (rules: AutoAcceptRules): Record<AutoAcceptField, string> => ({
  asap: flagText(rules.asap),
  scheduled: flagText(rules.scheduled),
  paid_online_only: flagText(rules.paid_online_only),
  max_total: rules.max_total === null ? '' : String(rules.max_total),
  windows: JSON.stringify(rules.windows),
});

export const windowsOf = (values: Record<AutoAcceptField, string>): Daypart[] =>
  JSON.parse(values.windows) as Daypart[];

/** The rules the shared schema checks: an empty total is any total; one that is not pesos stays NaN. */
export const autoAcceptRulesOf = (values: Record<AutoAcceptField, string>): AutoAcceptRules => ({
  asap: values.asap === '1',
  scheduled: values.scheduled === '1',
  paid_online_only: values.paid_online_only === '1',
  max_total: values.max_total.trim() === '' ? null : pesosFromText(values.max_total),
  windows: windowsOf(values),
});

/** The rules and the version they were read (or saved) at. */
export type ReadRules = Pick<AutoAcceptAnswer, 'version'> & { rules: AutoAcceptRules };

export const readRulesOf = ({ version, ...rules }: AutoAcceptAnswer): ReadRules => ({
  version,
  rules,
});

const sameRules = (a: AutoAcceptRules, b: AutoAcceptRules) =>
  JSON.stringify(autoAcceptValues(a)) === JSON.stringify(autoAcceptValues(b));

/**
 * The version a save claims. The rules share the branch's version with Datos and Capacidad, so
 * a save of those (here or by another admin) moves it without touching the rules: when the rules
 * read last are still the ones the card started from, their newer version is claimed, and the
 * card saves without a needless conflict. When the rules themselves changed since, the card's
 * own version is claimed and the server's 409 shows both sides.
 */
export function versionToClaim(started: ReadRules, latest: ReadRules | undefined): number {
  if (latest && latest.version > started.version && sameRules(latest.rules, started.rules))
    return latest.version;
  return started.version;
}

/** A field's value as the conflict box shows it. */
function shownValue(field: AutoAcceptField, value: string): string {
  if (field === 'max_total')
    return value === '' ? 'Cualquier total' : formatMoney(pesosFromText(value));
  if (field === 'windows') {
    const windows = JSON.parse(value) as Daypart[];
    return windows.length === 0 ? 'A cualquier hora' : describeDayparts(windows);
  }
  return value === '1' ? 'Sí' : 'No';
}

/** After another admin saved the rules: theirs beside these. */
export const autoAcceptConflict: ConflictSetup<AutoAcceptField> = {
  labels: {
    asap: 'Lo antes posible',
    scheduled: 'Programados',
    paid_online_only: 'Solo pagados en línea',
    max_total: 'Hasta un total de',
    windows: 'Horarios',
  },
  read: readRecord(autoAcceptResponse.shape.results, autoAcceptValues),
  shown: shownValue,
};

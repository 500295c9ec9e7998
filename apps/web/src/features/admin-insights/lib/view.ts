import { INSIGHTS_MAX_DAYS, INSIGHTS_MESSAGES, isApiDay } from '@comanda/shared';
import {
  DEFAULT_PRESET,
  PERIOD_PRESETS,
  daysIn,
  presetPeriod,
  type Period,
  type PeriodPreset,
} from './period';

/**
 * What the Informes screen shows, kept in the address (`?periodo=&desde=&hasta=&comparar=1&sede=
 * &vista=`), so a link or a reload reproduces the view and Back and Forward step through choices.
 * A relative period is kept by its name ("Este mes" stays this month when the link is opened next
 * month); only a custom one carries its days. Defaults are left out of the address.
 */
export type InsightsTab = 'informes' | 'ahora' | 'calificaciones';
const OTHER_TABS: readonly InsightsTab[] = ['ahora', 'calificaciones'];

export interface InsightsView {
  preset: PeriodPreset;
  /** The chosen days of a custom period ('' while not given); ignored by the other presets. */
  from: string;
  to: string;
  compare: boolean;
  /** One branch, or null: every branch the account sees (admins) or the console's own (staff). */
  branch: number | null;
  tab: InsightsTab;
}

const isPreset = (value: string | null): value is PeriodPreset =>
  (PERIOD_PRESETS as readonly (string | null)[]).includes(value);

const branchOf = (value: string | null) =>
  value && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;

export function readView(params: URLSearchParams): InsightsView {
  const from = params.get('desde') ?? '';
  const to = params.get('hasta') ?? '';
  const named = params.get('periodo');
  // Days without a name are a custom period: a hand-written link says what it means.
  const preset = isPreset(named) ? named : from || to ? 'personalizado' : DEFAULT_PRESET;
  return {
    preset,
    from: preset === 'personalizado' ? from : '',
    to: preset === 'personalizado' ? to : '',
    compare: params.get('comparar') === '1',
    branch: branchOf(params.get('sede')),
    tab: OTHER_TABS.find((tab) => tab === params.get('vista')) ?? 'informes',
  };
}

export function writeView(view: InsightsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'informes') params.set('vista', view.tab);
  if (view.preset !== DEFAULT_PRESET) params.set('periodo', view.preset);
  if (view.preset === 'personalizado') {
    if (view.from) params.set('desde', view.from);
    if (view.to) params.set('hasta', view.to);
  }
  if (view.compare) params.set('comparar', '1');
  if (view.branch !== null) params.set('sede', String(view.branch));
  return params;
}

/** Why a custom period cannot be asked for (the server's own words), or null. */
export function periodProblem(view: InsightsView): string | null {
  if (view.preset !== 'personalizado') return null;
  if (!isApiDay(view.from) || !isApiDay(view.to)) return INSIGHTS_MESSAGES.dateInvalid;
  if (view.from > view.to) return INSIGHTS_MESSAGES.rangeBackwards;
  if (daysIn(view) > INSIGHTS_MAX_DAYS) return INSIGHTS_MESSAGES.rangeTooLong;
  return null;
}

/** The days the view covers on the chain's calendar whose today is `today`; null when unusable. */
export function viewPeriod(view: InsightsView, today: string): Period | null {
  if (view.preset !== 'personalizado') return presetPeriod(view.preset, today);
  return periodProblem(view) ? null : { from: view.from, to: view.to };
}

import { chainToday } from '@comanda/shared';
import { useId } from 'react';
import type { InsightBranch } from '../api/get-insight-branches';
import { PERIOD_LABELS, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from '../lib/period';
import { periodProblem, type InsightsView } from '../lib/view';
import filters from '@/components/admin/list-filters.module.css';
import styles from './insights.module.css';

interface InsightsControlsProps {
  view: InsightsView;
  onChange: (patch: Partial<InsightsView>) => void;
  /** The branches to choose from; `allLabel` adds the «every branch» choice (admins). */
  branches: readonly InsightBranch[];
  allLabel?: string;
  /** The branch shown when the address names none (staff: the console's own). */
  defaultBranch?: number;
}

/** Period, custom days, the comparison and the branch: every change goes to the address. */
export function InsightsControls({
  view,
  onChange,
  branches,
  allLabel,
  defaultBranch,
}: InsightsControlsProps) {
  const id = useId();
  const problem = periodProblem(view);
  const choosePreset = (preset: PeriodPreset) => {
    // A custom period starts from the days on screen, to be adjusted rather than typed whole.
    if (preset !== 'personalizado') return onChange({ preset });
    const shown = view.preset === 'personalizado' ? view : presetPeriod(view.preset, chainToday());
    onChange({ preset, from: shown.from, to: shown.to });
  };
  return (
    <div className={styles.controls}>
      <div className={filters.filters}>
        <label className={filters.filter}>
          Periodo
          <select
            value={view.preset}
            onChange={(event) => choosePreset(event.target.value as PeriodPreset)}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {PERIOD_LABELS[preset]}
              </option>
            ))}
          </select>
        </label>
        {view.preset === 'personalizado' ? (
          <CustomDays
            view={view}
            onChange={onChange}
            problemId={problem ? `${id}-problem` : null}
          />
        ) : null}
        {branches.length > 1 || allLabel ? (
          <BranchChoice {...{ view, onChange, branches, allLabel, defaultBranch }} />
        ) : null}
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={view.compare}
          onChange={(event) => onChange({ compare: event.target.checked })}
        />
        Comparar con el periodo anterior
      </label>
      {problem ? (
        <p id={`${id}-problem`} className={filters.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

interface CustomDaysProps {
  view: InsightsView;
  onChange: (patch: Partial<InsightsView>) => void;
  /** The message saying what is wrong with the days, when something is. */
  problemId: string | null;
}

/** A custom period's two days. */
function CustomDays({ view, onChange, problemId }: CustomDaysProps) {
  const days = [
    { label: 'Desde', key: 'from' },
    { label: 'Hasta', key: 'to' },
  ] as const;
  return days.map(({ label, key }) => (
    <label key={key} className={filters.filter}>
      {label}
      <input
        type="date"
        value={view[key]}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId ?? undefined}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    </label>
  ));
}

function BranchChoice({
  view,
  onChange,
  branches,
  allLabel,
  defaultBranch,
}: InsightsControlsProps) {
  const value = view.branch ?? defaultBranch ?? '';
  return (
    <label className={filters.filter}>
      Sede
      <select
        value={String(value)}
        onChange={(event) =>
          onChange({ branch: event.target.value ? Number(event.target.value) : null })
        }
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.title}
          </option>
        ))}
      </select>
    </label>
  );
}

import { branchHoursBody, WEEKDAY_LABELS, type AdminBranch, type TimeRange } from '@comanda/shared';
import { useState } from 'react';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useSaveBranchHours } from '../api/save-branch-hours';
import { sortIssues } from '../lib/issues';
import { RangesField } from './ranges-field';
import styles from './branches.module.css';

/** Monday first, as a week reads in Colombia. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Horario: each weekday's ranges (several a day, past midnight allowed), saved as one week. */
export function HoursEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchHours(branch);
  const [initial] = useState<TimeRange[][]>(() =>
    WEEKDAY_LABELS.map((_, weekday) =>
      branch.hours
        .filter((h) => h.weekday === weekday)
        .map(({ opens, closes }) => ({ opens, closes })),
    ),
  );
  const [week, setWeek] = useState<TimeRange[][]>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  // An hour changed and not saved: switching tabs or leaving asks first.
  useUnsavedChanges(!saved && JSON.stringify(week) !== JSON.stringify(initial));

  const setDay = (weekday: number, ranges: TimeRange[]) => {
    setSaved(false);
    setWeek((current) => current.map((day, i) => (i === weekday ? ranges : day)));
  };

  const submit = async () => {
    setSaved(false);
    const body = {
      hours: week.flatMap((ranges, weekday) => ranges.map((range) => ({ weekday, ...range }))),
    };
    const checked = branchHoursBody.safeParse(body);
    if (!checked.success) {
      const { rows, list } = sortIssues(checked.error.issues);
      setProblems([...new Set([...list, ...Object.values(rows)])]);
      return;
    }
    setProblems([]);
    try {
      await save.mutateAsync(checked.data);
      setSaved(true);
    } catch (error) {
      setProblems([error instanceof Error ? error.message : String(error)]);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.help}>
        Hora de Colombia, formato 24 horas (HH:MM). Un horario que cierra antes de abrir sigue hasta
        el día siguiente, por ejemplo 18:00 a 02:00. Un día sin horarios queda cerrado.
      </p>
      <ul className={styles.week}>
        {WEEK_ORDER.map((weekday) => (
          <li key={weekday} className={styles.day}>
            <h2 className={styles.dayName}>{WEEKDAY_LABELS[weekday]}</h2>
            <RangesField
              label={WEEKDAY_LABELS[weekday] ?? ''}
              ranges={week[weekday] ?? []}
              onChange={(ranges) => setDay(weekday, ranges)}
            />
          </li>
        ))}
      </ul>
      <FormAlert message={problems.length > 0 ? problems.join(' ') : null} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar horario'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Horario guardado.' : ''}
        </p>
      </div>
    </form>
  );
}

import { branchHoursBody, WEEKDAY_LABELS, type AdminBranch, type TimeRange } from '@comanda/shared';
import { useState } from 'react';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { formConflict, type FormConflict } from '@/lib/form/form-conflict';
import { resolveMerge } from '@/lib/form/three-way-merge';
import { useSaveBranchHours } from '../api/save-branch-hours';
import {
  DAY_KEYS,
  dayValues,
  hoursConflict,
  weekFromValues,
  weekOf,
  type DayKey,
} from '../lib/branch-form';
import { sortIssues } from '../lib/issues';
import { RangesField } from './ranges-field';
import styles from './branches.module.css';

/** Monday first, as a week reads in Colombia. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * Horario: each weekday's ranges (several a day, past midnight allowed), saved as one week. A save
 * refused because another admin saved the branch meanwhile (409) shows, day by day, these hours
 * beside theirs: days only they changed are taken at once, days both changed are the admin's choice.
 */
export function HoursEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchHours(branch);
  /** What this editor started from: the branch as read, or the other admin's save after a conflict. */
  const [base, setBase] = useState<TimeRange[][]>(() => weekOf(branch.hours));
  const [week, setWeek] = useState<TimeRange[][]>(base);
  /** After a conflict was settled: the version of the other admin's save, which the next save goes over. */
  const [over, setOver] = useState<number | null>(null);
  const [conflict, setConflict] = useState<FormConflict<DayKey> | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  // An hour changed and not saved: switching tabs or leaving asks first.
  useUnsavedChanges(!saved && JSON.stringify(week) !== JSON.stringify(base));

  const setDay = (weekday: number, ranges: TimeRange[]) => {
    setSaved(false);
    setWeek((current) => current.map((day, i) => (i === weekday ? ranges : day)));
  };

  const submit = async () => {
    setSaved(false);
    const body = {
      hours: week.flatMap((ranges, weekday) => ranges.map((range) => ({ weekday, ...range }))),
      ...(over === null ? {} : { version: over }),
    };
    const checked = branchHoursBody.safeParse(body);
    if (!checked.success) {
      const { rows, list } = sortIssues(checked.error.issues);
      setProblems([...new Set([...list, ...Object.values(rows)])]);
      return;
    }
    setProblems([]);
    setConflict(null);
    try {
      await save.mutateAsync(checked.data);
      setSaved(true);
      setBase(week);
      setOver(null);
    } catch (error) {
      const found = formConflict(error, DAY_KEYS, hoursConflict, {
        base: dayValues(base),
        yours: dayValues(week),
      });
      if (!found) {
        setProblems([error instanceof Error ? error.message : String(error)]);
        return;
      }
      // Days only the other admin changed are theirs at once; the rest waits for the choice.
      setWeek(weekFromValues(found.merge.merged));
      setConflict(found);
    }
  };

  const settle = (takeTheirs: ReadonlySet<string>) => {
    if (!conflict) return;
    const chosen = new Set(DAY_KEYS.filter((day) => takeTheirs.has(day)));
    setWeek(weekFromValues(resolveMerge(conflict.merge, conflict.theirs, chosen)));
    setBase(weekFromValues(conflict.theirs));
    setOver(conflict.version);
    setConflict(null);
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
      {conflict ? <ConflictChoice {...conflict} onResolve={settle} /> : null}
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
        <Button type="submit" disabled={save.isPending || conflict !== null}>
          {save.isPending ? 'Guardando…' : 'Guardar horario'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Horario guardado.' : ''}
        </p>
      </div>
    </form>
  );
}

import { branchHoursBody, WEEKDAY_LABELS, type AdminBranch, type TimeRange } from '@comanda/shared';
import { useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import type { FormProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
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

/** The week's body: every day's ranges, each with its weekday. */
const hoursOf = (values: Record<DayKey, string>) =>
  weekFromValues(values).flatMap((ranges, weekday) =>
    ranges.map((range) => ({ weekday, ...range })),
  );

/** The shared schema's check of the week, said as one message under the days. */
function checkHours(values: Record<DayKey, string>): FormProblems<DayKey> {
  const checked = branchHoursBody.safeParse({ hours: hoursOf(values) });
  if (checked.success) return { fields: {}, form: null };
  const { rows, list } = sortIssues(checked.error.issues);
  return { fields: {}, form: [...new Set([...list, ...Object.values(rows)])].join(' ') };
}

/**
 * Horario: each weekday's ranges (several a day, past midnight allowed), saved as one week, on
 * the one form hook: its fields are the seven days, each day's ranges as one text. A save refused
 * because another admin saved the branch meanwhile (409) shows, day by day, these hours beside
 * theirs: days only they changed are taken at once, days both changed are the admin's choice.
 */
export function HoursEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchHours(branch);
  const [saved, setSaved] = useState(false);
  const { values, setValue, problems, sending, onSubmit, formRef, conflict } = useForm({
    fields: DAY_KEYS,
    initial: dayValues(weekOf(branch.hours)),
    check: checkHours,
    send: (values, over) => {
      setSaved(false);
      const body = { hours: hoursOf(values), ...(over === null ? {} : { version: over.version }) };
      return save.mutateAsync(branchHoursBody.parse(body));
    },
    onSent: () => setSaved(true),
    conflict: hoursConflict,
  });
  const week = weekFromValues(values);
  const setDay = (weekday: number, ranges: TimeRange[]) => {
    setSaved(false);
    setValue(DAY_KEYS[weekday] ?? '0', JSON.stringify(ranges));
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className={styles.help}>
        Hora de Colombia, formato 24 horas (HH:MM). Un horario que cierra antes de abrir sigue hasta
        el día siguiente, por ejemplo 18:00 a 02:00. Un día sin horarios queda cerrado.
      </p>
      {conflict ? <ConflictChoice {...conflict} /> : null}
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
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending || conflict !== null}>
          {sending ? 'Guardando…' : 'Guardar horario'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Horario guardado.' : ''}
        </p>
      </div>
    </form>
  );
}

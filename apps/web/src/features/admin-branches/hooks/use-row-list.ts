import { useState } from 'react';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { sortIssues } from '../lib/issues';

/** A list body's problems: per row's field ("2.fee") and about the list as a whole. */
export interface RowProblems {
  rows: Record<string, string>;
  list: string[];
}

const NO_PROBLEMS: RowProblems = { rows: {}, list: [] };

/** What a list editor's body is checked with: a shared zod schema. */
interface BodySchema<Body> {
  safeParse(value: unknown):
    | { success: true; data: Body }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

let nextKey = 0;

/**
 * A branch's list saved as a whole (its exceptions, its zones): the rows being edited, each with
 * a key of its own for React, checked with the shared schema on "Guardar" (the problems sorted
 * per row and for the list) and then sent; any edit clears "guardado".
 */
export function useRowList<Fields, Body>(options: {
  initial: () => Fields[];
  schema: BodySchema<Body>;
  toBody: (rows: Fields[]) => unknown;
  save: (body: Body) => Promise<unknown>;
}) {
  type Row = Fields & { key: number };
  const [rows, setRows] = useState<Row[]>(() =>
    options.initial().map((fields) => ({ ...fields, key: nextKey++ })),
  );
  const [problems, setProblems] = useState<RowProblems>(NO_PROBLEMS);
  const [saved, setSaved] = useState(false);
  /** Edited since it was read or last saved: leaving the screen asks first. */
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched);
  const edit = (update: (current: Row[]) => Row[]) => {
    setSaved(false);
    setTouched(true);
    setRows(update);
  };

  return {
    rows,
    problems,
    saved,
    change: (key: number, patch: Partial<Fields>) =>
      edit((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: (fields: Fields) => edit((current) => [...current, { ...fields, key: nextKey++ }]),
    remove: (key: number) => edit((current) => current.filter((row) => row.key !== key)),
    async submit() {
      setSaved(false);
      const checked = options.schema.safeParse(options.toBody(rows));
      if (!checked.success) {
        setProblems(sortIssues(checked.error.issues));
        return;
      }
      setProblems(NO_PROBLEMS);
      try {
        await options.save(checked.data);
        setSaved(true);
        setTouched(false);
      } catch (error) {
        setProblems({ rows: {}, list: [error instanceof Error ? error.message : String(error)] });
      }
    },
  };
}

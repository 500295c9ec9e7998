import { adminBranchSchema, type AdminBranch } from '@comanda/shared';
import { useState } from 'react';
import { conflictCurrent, formConflict, type FormConflict } from '@/lib/form/form-conflict';
import { resolveMerge } from '@/lib/form/three-way-merge';
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

/** How a list editor reads another admin's save of the branch row by row (decision 051). */
export interface RowConflictSetup<Fields> {
  /** The branch's stored rows as the editor's fields (its first rows, and the other admin's). */
  fromBranch: (branch: AdminBranch) => Fields[];
  /** What makes two rows the same row: a date, a neighbourhood. */
  identity: (row: Fields) => string;
  /** A row's name in the conflict view. */
  label: (row: Fields) => string;
  /** A row as the admin reads it in the conflict view; `undefined`: the row is not there. */
  shown: (row: Fields | undefined) => string;
}

let nextKey = 0;

const ABSENT = '';

/**
 * A branch's list saved as a whole (its exceptions, its zones): the rows being edited, each with
 * a key of its own for React, checked with the shared schema on "Guardar" (the problems sorted
 * per row and for the list) and then sent; any edit clears "guardado". With `conflict`, a save
 * refused because another admin saved the branch meanwhile (409) merges row by row, as the flat
 * forms merge field by field: rows only they added, changed or removed are taken at once, rows
 * both changed differently are the admin's choice (`conflict`, with `onResolve`).
 */
export function useRowList<Fields extends object, Body>(options: {
  initial: () => Fields[];
  schema: BodySchema<Body>;
  toBody: (rows: Fields[]) => object;
  save: (body: Body) => Promise<unknown>;
  conflict?: RowConflictSetup<Fields>;
}) {
  type Row = Fields & { key: number };
  const [rows, setRows] = useState<Row[]>(() =>
    options.initial().map((fields) => ({ ...fields, key: nextKey++ })),
  );
  /** What the rows started from: as read, as last saved, or the other admin's save after a conflict. */
  const [base, setBase] = useState<Fields[]>(options.initial);
  /** After a conflict was settled: the version of the other admin's save, which the next save goes over. */
  const [over, setOver] = useState<number | null>(null);
  const [conflict, setConflict] = useState<RowMerge<Fields> | null>(null);
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
  const withKeys = (list: Fields[]): Row[] => list.map((fields) => ({ ...fields, key: nextKey++ }));

  const settle = (takeTheirs: ReadonlySet<string>) => {
    if (!conflict) return;
    setRows(withKeys(conflict.rowsOf(resolveMerge(conflict.merge, conflict.theirs, takeTheirs))));
    setBase(conflict.theirRows);
    setOver(conflict.version);
    setConflict(null);
    setTouched(true);
  };

  return {
    rows,
    problems,
    saved,
    conflict: conflict && { ...conflict, onResolve: settle },
    change: (key: number, patch: Partial<Fields>) =>
      edit((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: (fields: Fields) => edit((current) => [...current, { ...fields, key: nextKey++ }]),
    remove: (key: number) => edit((current) => current.filter((row) => row.key !== key)),
    async submit() {
      setSaved(false);
      const list = rows.map(({ key: _key, ...fields }) => fields as unknown as Fields);
      const checked = options.schema.safeParse({
        ...options.toBody(list),
        ...(over === null ? {} : { version: over }),
      });
      if (!checked.success) {
        setProblems(sortIssues(checked.error.issues));
        return;
      }
      setProblems(NO_PROBLEMS);
      setConflict(null);
      try {
        await options.save(checked.data);
        setSaved(true);
        setTouched(false);
        setBase(list);
        setOver(null);
      } catch (error) {
        const found = options.conflict && rowConflict(error, options.conflict, base, list);
        if (found) {
          // Rows only the other admin touched are theirs at once; the rest waits for the choice.
          setRows(withKeys(found.rowsOf(found.merge.merged)));
          setConflict(found);
          return;
        }
        setProblems({ rows: {}, list: [error instanceof Error ? error.message : String(error)] });
      }
    },
  };
}

/** A row-by-row conflict: the flat merge over each row's identity, and how to turn it back into rows. */
type RowMerge<Fields> = FormConflict<string> & {
  theirRows: Fields[];
  rowsOf: (values: Record<string, string>) => Fields[];
};

/**
 * The 409's branch merged with `yours` against `base`, one field per row identity (its value the
 * row as JSON, or empty when the row is not there). Null for any other failure.
 */
function rowConflict<Fields extends object>(
  error: unknown,
  setup: RowConflictSetup<Fields>,
  base: Fields[],
  yours: Fields[],
): RowMerge<Fields> | null {
  const parsed = adminBranchSchema.safeParse(conflictCurrent(error));
  if (!parsed.success) return null;
  const theirRows = setup.fromBranch(parsed.data);
  // Every row any side has, in the order the admin sees them: the other admin's new ones last.
  const named = new Map<string, string>();
  for (const row of [...yours, ...base, ...theirRows]) {
    const id = setup.identity(row);
    if (!named.has(id)) named.set(id, setup.label(row));
  }
  const all = [...named.keys()];
  const valuesOf = (list: Fields[]) => {
    const values: Record<string, string> = Object.fromEntries(all.map((id) => [id, ABSENT]));
    for (const row of list) values[setup.identity(row)] = JSON.stringify(row);
    return values;
  };
  const rowOf = (value: string | undefined) => (value ? (JSON.parse(value) as Fields) : undefined);
  const found = formConflict(
    error,
    all,
    {
      labels: Object.fromEntries(named),
      read: () => ({ values: valuesOf(theirRows), version: parsed.data.version }),
      shown: (_id, value) => setup.shown(rowOf(value)),
    },
    { base: valuesOf(base), yours: valuesOf(yours) },
  );
  if (!found) return null;
  return {
    ...found,
    theirRows,
    rowsOf: (values) =>
      all.map((id) => rowOf(values[id])).filter((row): row is Fields => row !== undefined),
  };
}

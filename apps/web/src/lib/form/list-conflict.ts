import {
  conflictCurrent,
  formConflict,
  type ConflictSetup,
  type FormConflict,
} from './form-conflict';
import { withKeys, withoutKey, type Keyed, type RowMerge, type RowsOf } from './list-fields';

/** A form's whole state: its text fields and its list fields' rows. */
export interface FormState<Field extends string, Lists> {
  values: Record<Field, string>;
  lists: RowsOf<Lists>;
}

/** A conflict over the whole state: the merge's texts, and how to read them back as a state. */
export type StateConflict<Field extends string, Lists> = FormConflict<string> & {
  theirState: FormState<Field, Lists>;
  /** A list's rows in the merge's texts, in the order the admin sees them (theirs new ones last). */
  rowsOf: (list: keyof Lists & string, texts: Record<string, string>) => Lists[keyof Lists][];
  /** Which list a merge key is a row of; null for a text field. */
  listOf: (key: string) => (keyof Lists & string) | null;
};

type Merges = Record<string, RowMerge<object>>;

const ABSENT = '';
/** A merge key of a row: its list and its identity (text fields never hold '#'). */
export const rowKey = (list: string, id: string) => `${list}#${id}`;

/**
 * The states as texts for the three-way merge: each text field as it is, and each row of a merged
 * list as one more field, keyed by its identity, its text the row as JSON (empty where a side
 * lacks it), so a row added, changed or removed by one side alone needs no question.
 */
function textsOver<Field extends string>(
  fields: readonly Field[],
  labels: Record<string, string>,
  merges: Merges,
  states: readonly FormState<Field, Record<string, object>>[],
) {
  const keys: string[] = [...fields];
  const named: Record<string, string> = { ...labels };
  const rowKeys: Record<string, string[]> = {};
  for (const [list, merge] of Object.entries(merges))
    for (const state of states)
      for (const row of state.lists[list] ?? []) {
        const key = rowKey(list, merge.identity(row));
        if (key in named) continue;
        named[key] = merge.label(row);
        keys.push(key);
        (rowKeys[list] ??= []).push(key);
      }
  const textsOf = (state: FormState<Field, Record<string, object>>) => {
    const texts: Record<string, string> = { ...state.values };
    for (const [list, merge] of Object.entries(merges)) {
      for (const key of rowKeys[list] ?? []) texts[key] = ABSENT;
      for (const row of state.lists[list] ?? [])
        texts[rowKey(list, merge.identity(row))] = JSON.stringify(row);
    }
    return texts;
  };
  return { keys, named, rowKeys, textsOf };
}

/**
 * A save refused with 409 because another admin saved the record meanwhile: their copy merged
 * with this form's state against what it started from, text field by text field and, in the
 * lists `setup.lists` names, row by row. Null for any other failure, or a 409 without the record.
 */
export function stateConflict<Field extends string, Lists>(
  error: unknown,
  fields: readonly Field[],
  setup: ConflictSetup<Field, Lists>,
  sides: { base: FormState<Field, Lists>; yours: FormState<Field, Lists> },
): StateConflict<Field, Lists> | null {
  const current = conflictCurrent(error);
  const saved = current === null || current === undefined ? null : setup.read(current);
  if (!saved) return null;
  type Loose = FormState<Field, Record<string, object>>;
  const theirState = { values: saved.values, lists: saved.lists ?? sides.yours.lists };
  const merges = (setup.lists ?? {}) as Merges;
  const texts = textsOver(fields, setup.labels, merges, [
    sides.yours as Loose,
    sides.base as Loose,
    theirState as Loose,
  ]);
  const listOf = (key: string) =>
    (Object.keys(merges).find((name) => texts.rowKeys[name]?.includes(key)) ?? null) as
      (keyof Lists & string) | null;
  const found = formConflict(
    error,
    texts.keys,
    {
      labels: texts.named,
      read: () => ({ values: texts.textsOf(theirState as Loose), version: saved.version }),
      shown: (key, value) => {
        const list = listOf(key);
        if (list === null) return setup.shown?.(key as Field, value) ?? value;
        return merges[list]!.shown(value ? (JSON.parse(value) as object) : undefined);
      },
    },
    { base: texts.textsOf(sides.base as Loose), yours: texts.textsOf(sides.yours as Loose) },
  );
  if (!found) return null;
  return {
    ...found,
    theirState,
    listOf,
    rowsOf: (list, values) =>
      (texts.rowKeys[list] ?? [])
        .map((key) => values[key])
        .filter((text): text is string => Boolean(text))
        .map((text) => JSON.parse(text) as Lists[keyof Lists]),
  };
}

/**
 * A list's rows after a 409, as the merge left them (theirs where only they changed a row, theirs
 * new ones last), each keeping the key of the row of the same identity in `current`.
 */
export function mergedRows<Field extends string, Lists, Row extends object>(
  conflict: StateConflict<Field, Lists>,
  list: keyof Lists & string,
  current: readonly Keyed<Row>[],
  merge: RowMerge<Row>,
): Keyed<Row>[] {
  const keyOf = new Map(current.map((row) => [merge.identity(withoutKey(row)), row.key]));
  return (conflict.rowsOf(list, conflict.merge.merged) as unknown as Row[]).map((row) => {
    const key = keyOf.get(merge.identity(row));
    return key === undefined ? withKeys([row])[0]! : { ...row, key };
  });
}

/**
 * The admin's answer to a conflict in one list: for each of its rows both changed and `chosen`,
 * the other admin's row (or its absence) in place of the form's; every other row as it is now,
 * edits made while the question was open included.
 */
export function takeRows<Field extends string, Lists, Row extends object>(
  conflict: StateConflict<Field, Lists>,
  chosen: ReadonlySet<string>,
  list: keyof Lists & string,
  current: readonly Keyed<Row>[],
  merge: RowMerge<Row>,
): Keyed<Row>[] {
  let rows = [...current];
  for (const key of conflict.merge.conflicts) {
    if (conflict.listOf(key) !== list || !chosen.has(key)) continue;
    const text = conflict.theirs[key];
    const theirs = text ? (JSON.parse(text) as Row) : undefined;
    const at = rows.findIndex((row) => rowKey(list, merge.identity(withoutKey(row))) === key);
    if (at === -1) rows = theirs ? [...rows, ...withKeys([theirs])] : rows;
    else if (theirs)
      rows = rows.map((row, index) => (index === at ? { ...theirs, key: row.key } : row));
    else rows = rows.filter((_, index) => index !== at);
  }
  return rows;
}

import { useState } from 'react';
import { mergedRows, takeRows, type StateConflict } from './list-conflict';
import {
  addRow,
  mergeRowMessages,
  messagesByKey,
  plainRows,
  removeRow,
  updateRow,
  withKeys,
  withoutMessages,
  type Keyed,
  type KeyedRowsOf,
  type ListField,
  type RowMerge,
  type RowsOf,
} from './list-fields';
import type { RowMessages } from './problems';

type AnyRows = Record<string, Keyed<object>[]>;
type Merges = Record<string, RowMerge<object> | undefined>;

const keyAll = <Lists>(lists: RowsOf<Lists>): KeyedRowsOf<Lists> =>
  Object.fromEntries(
    Object.entries(lists).map(([name, rows]) => [name, withKeys(rows as object[])]),
  ) as KeyedRowsOf<Lists>;

/**
 * The rows of a form's list fields (useForm's `lists`): each with a key for React, the edits, and
 * the messages the server gave beside a row's fields, kept with that row until the field is
 * edited (or the row removed).
 */
export function useListRows<Lists>(initial: RowsOf<Lists>) {
  const [lists, setLists] = useState(() => keyAll(initial));
  const [answered, setAnswered] = useState<RowMessages>({});
  const edit = (list: string, change: (rows: Keyed<object>[]) => Keyed<object>[]) =>
    setLists((current) => ({ ...current, [list]: change((current as AnyRows)[list] ?? []) }));
  /** Each list `merges` names, changed by `change` with its row merge. */
  const eachMerged = (
    merges: object,
    change: (
      list: keyof Lists & string,
      rows: Keyed<object>[],
      merge: RowMerge<object>,
    ) => Keyed<object>[],
  ) => {
    for (const [list, merge] of Object.entries(merges as Merges))
      if (merge) edit(list, (rows) => change(list as keyof Lists & string, rows, merge));
  };

  const field = (list: string, local: RowMessages): ListField<object> => ({
    rows: (lists as AnyRows)[list] ?? [],
    add: (row) => edit(list, (rows) => addRow(rows, row)),
    remove: (key) => {
      edit(list, (rows) => removeRow(rows, key));
      setAnswered((messages) => withoutMessages(messages, list, key));
    },
    update: (key, patch) => {
      edit(list, (rows) => updateRow(rows, key, patch));
      setAnswered((messages) => withoutMessages(messages, list, key, Object.keys(patch)));
    },
    errors: (key) => mergeRowMessages(answered, local)[list]?.[key] ?? {},
  });

  return {
    lists,
    plain: plainRows(lists),
    /** Whether the rows differ from `rows`, keys aside: unsaved work. */
    differFrom: (rows: RowsOf<Lists>) => JSON.stringify(plainRows(lists)) !== JSON.stringify(rows),
    /** Every list field, with the check's messages of these rows (`local`, by index) beside them. */
    fields: (local: RowMessages | undefined) => {
      const byKey = messagesByKey(local, lists);
      return Object.fromEntries(
        Object.keys(lists).map((list) => [list, field(list, byKey)]),
      ) as unknown as { [List in keyof Lists]: ListField<Lists[List]> };
    },
    /** A refusal's row messages (by index of the rows `sent`), or none. */
    answer: (byIndex: RowMessages | undefined, sent: KeyedRowsOf<Lists>) =>
      setAnswered(messagesByKey(byIndex, sent)),
    /** A conflict's merge put in the lists `merges` names. */
    merged: <Field extends string>(conflict: StateConflict<Field, Lists>, merges: object) =>
      eachMerged(merges, (list, rows, merge) => mergedRows(conflict, list, rows, merge)),
    /** The admin's answer to a conflict: their row (or its absence) for each row chosen. */
    take: <Field extends string>(
      conflict: StateConflict<Field, Lists>,
      chosen: ReadonlySet<string>,
      merges: object,
    ) => eachMerged(merges, (list, rows, merge) => takeRows(conflict, chosen, list, rows, merge)),
  };
}

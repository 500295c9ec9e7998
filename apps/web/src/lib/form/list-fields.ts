import type { RowMessages } from './problems';

/** A row of a list field as the form holds it: its fields, and a key of its own for React. */
export type Keyed<Row> = Row & { key: number };

/** Every list field's rows, by the list's name. */
export type RowsOf<Lists> = { [List in keyof Lists]: Lists[List][] };
export type KeyedRowsOf<Lists> = { [List in keyof Lists]: Keyed<Lists[List]>[] };

/** One list field of a form: its rows, and the edits the screen makes to them. */
export interface ListField<Row> {
  rows: Keyed<Row>[];
  /** Adds a row at the end. */
  add: (row: Row) => void;
  remove: (key: number) => void;
  /** Changes some of a row's fields; a message the server gave beside one of them goes. */
  update: (key: number, patch: Partial<Row>) => void;
  /** The messages beside a row's fields, by field (`fee`, `date`; `ranges` for any range's). */
  errors: (key: number) => Readonly<Record<string, string>>;
}

let nextKey = 0;

export const withKeys = <Row extends object>(rows: readonly Row[]): Keyed<Row>[] =>
  rows.map((row) => ({ ...row, key: nextKey++ }));

export const withoutKey = <Row extends object>({ key: _key, ...row }: Keyed<Row>): Row =>
  row as unknown as Row;

/** A row added at the end, with a key of its own. */
export const addRow = <Row extends object>(rows: readonly Keyed<Row>[], row: Row): Keyed<Row>[] => [
  ...rows,
  ...withKeys([row]),
];

export const removeRow = <Row extends object>(
  rows: readonly Keyed<Row>[],
  key: number,
): Keyed<Row>[] => rows.filter((row) => row.key !== key);

/** Some of one row's fields changed; the rest, and every other row, as they were. */
export const updateRow = <Row extends object>(
  rows: readonly Keyed<Row>[],
  key: number,
  patch: Partial<Row>,
): Keyed<Row>[] => rows.map((row) => (row.key === key ? { ...row, ...patch } : row));

/** The lists as sent and checked: their rows without the form's keys. */
export const plainRows = <Lists>(lists: KeyedRowsOf<Lists>): RowsOf<Lists> =>
  Object.fromEntries(
    Object.entries(lists).map(([name, rows]) => [name, (rows as Keyed<object>[]).map(withoutKey)]),
  ) as RowsOf<Lists>;

/**
 * Row messages by index (as a check or the server names them, of the rows it was given) → by
 * those rows' keys, so a message stays with its row when rows are added or removed afterwards.
 */
export function messagesByKey<Lists>(
  byIndex: RowMessages | undefined,
  lists: KeyedRowsOf<Lists>,
): RowMessages {
  const byKey: RowMessages = {};
  for (const [name, rows] of Object.entries(byIndex ?? {})) {
    const keyed = (lists as Record<string, Keyed<object>[] | undefined>)[name] ?? [];
    for (const [index, messages] of Object.entries(rows)) {
      const row = keyed[Number(index)];
      if (row) (byKey[name] ??= {})[row.key] = messages;
    }
  }
  return byKey;
}

/** Two sets of row messages as one: `over`'s message for a field wins. */
export function mergeRowMessages(under: RowMessages, over: RowMessages): RowMessages {
  const merged: RowMessages = { ...under };
  for (const [name, rows] of Object.entries(over)) {
    merged[name] = { ...merged[name] };
    for (const [key, messages] of Object.entries(rows))
      merged[name][Number(key)] = { ...merged[name][Number(key)], ...messages };
  }
  return merged;
}

/** Row messages less those of `fields` of one row (edited since), or of the whole row (removed). */
export function withoutMessages(
  messages: RowMessages,
  list: string,
  key: number,
  fields?: readonly string[],
): RowMessages {
  const row = messages[list]?.[key];
  if (!row) return messages;
  const rest = { ...messages[list] };
  const kept = Object.fromEntries(
    Object.entries(row).filter(([field]) => fields !== undefined && !fields.includes(field)),
  );
  if (Object.keys(kept).length > 0) rest[key] = kept;
  else delete rest[key];
  return { ...messages, [list]: rest };
}

/** How a list field's rows merge with another admin's save, row by row (decision 051). */
export interface RowMerge<Row> {
  /** What makes two rows the same row: a date, a neighbourhood. */
  identity: (row: Row) => string;
  /** A row's name in the conflict view. */
  label: (row: Row) => string;
  /** A row as the admin reads it in the conflict view; `undefined`: the row is not there. */
  shown: (row: Row | undefined) => string;
}

/** The list's edits, each after `before` (a screen's "Guardado." note goes at the first edit). */
export const editsAfter = <Row>(list: ListField<Row>, before: () => void): ListField<Row> => ({
  ...list,
  add: (row) => {
    before();
    list.add(row);
  },
  remove: (key) => {
    before();
    list.remove(key);
  },
  update: (key, patch) => {
    before();
    list.update(key, patch);
  },
});

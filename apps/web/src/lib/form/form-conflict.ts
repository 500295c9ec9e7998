import { ApiError } from '../api-client';
import type { RowMerge, RowsOf } from './list-fields';
import { mergeThreeWay, type ThreeWayMerge } from './three-way-merge';

/** A field both admins changed, differently: each side as the admin reads it. */
export interface ConflictRow {
  key: string;
  label: string;
  yours: string;
  theirs: string;
}

/** How a form that edits a versioned record reads the other admin's save from a 409. */
export interface ConflictSetup<Field extends string, Lists = Record<never, object>> {
  /** Each field's name as the form labels it. */
  labels: Record<Field, string>;
  /**
   * The 409's `current` (the record as saved now) as this form's values, its list fields' rows
   * and its version; null when it is not one.
   */
  read: (
    current: unknown,
  ) => { values: Record<Field, string>; lists?: RowsOf<Lists>; version: number } | null;
  /** A value as the admin reads it ("Sí", "25 min"); the text itself by default. */
  shown?: (field: Field, value: string) => string;
  /**
   * The list fields merged row by row (decision 051): which rows are the same row and how one
   * reads. A list not named here keeps the form's rows.
   */
  lists?: { [List in keyof Lists]?: RowMerge<Lists[List]> };
}

/**
 * `read` for a record a shared schema describes: its values as the form fills them, its list
 * fields' rows (`listsOf`, for a form that has some), and its version.
 */
export const readRecord =
  <Record_ extends { version: number }, Field extends string, Lists = Record<never, object>>(
    schema: {
      safeParse: (value: unknown) => { success: true; data: Record_ } | { success: false };
    },
    valuesOf: (record: Record_) => Record<Field, string>,
    listsOf?: (record: Record_) => RowsOf<Lists>,
  ) =>
  (current: unknown) => {
    const parsed = schema.safeParse(current);
    if (!parsed.success) return null;
    const { data } = parsed;
    return {
      values: valuesOf(data),
      version: data.version,
      ...(listsOf ? { lists: listsOf(data) } : {}),
    };
  };

const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/** The record as saved now, which a 409 carries (`current`); null for any other failure. */
export function conflictCurrent(error: unknown): unknown {
  if (!isConflict(error)) return null;
  const body = error.body;
  return typeof body === 'object' && body !== null ? (body as { current?: unknown }).current : null;
}

export interface FormConflict<Field extends string> {
  message: string;
  rows: ConflictRow[];
  taken: string[];
  theirs: Record<Field, string>;
  version: number;
  merge: ThreeWayMerge<Record<Field, string>, Field>;
}

/**
 * A save refused with 409 because another admin saved the record since the form was filled: their
 * copy merged with this form's values field by field against what the form started from. Null for
 * any other failure, or a 409 without the record.
 */
export function formConflict<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setup: Pick<ConflictSetup<Field>, 'labels' | 'read' | 'shown'>,
  sides: { base: Record<Field, string>; yours: Record<Field, string> },
): FormConflict<Field> | null {
  if (!isConflict(error)) return null;
  const saved = setup.read(conflictCurrent(error));
  if (!saved) return null;
  const merge = mergeThreeWay(fields, { ...sides, theirs: saved.values }, (_f, a, b) => a === b);
  const shown = (field: Field, value: string) => setup.shown?.(field, value) ?? value;
  return {
    message: error.message,
    rows: merge.conflicts.map((field) => ({
      key: field,
      label: setup.labels[field],
      yours: shown(field, sides.yours[field]),
      theirs: shown(field, saved.values[field]),
    })),
    taken: merge.taken.map((field) => setup.labels[field]),
    theirs: saved.values,
    version: saved.version,
    merge,
  };
}

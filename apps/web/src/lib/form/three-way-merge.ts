/**
 * Two admins edited the same record: `base` is what this editor started from, `yours` what it
 * holds now, `theirs` what the other admin saved. A field only one side changed needs no
 * question; a field both changed, differently, is a conflict the admin decides.
 */
export interface ThreeWayMerge<T, K extends keyof T> {
  /** Yours, with every field only they changed taken from theirs. */
  merged: T;
  /** Fields taken from theirs because only they changed them. */
  taken: K[];
  /** Fields both changed, differently: the admin chooses. */
  conflicts: K[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function mergeThreeWay<T extends object, K extends keyof T>(
  fields: readonly K[],
  sides: { base: T; yours: T; theirs: T },
  same: (field: K, a: T[K], b: T[K]) => boolean = (_field, a, b) => sameJson(a, b),
): ThreeWayMerge<T, K> {
  const { base, yours, theirs } = sides;
  const merged = { ...yours };
  const taken: K[] = [];
  const conflicts: K[] = [];
  for (const field of fields) {
    const youChanged = !same(field, yours[field], base[field]);
    const theyChanged = !same(field, theirs[field], base[field]);
    if (!theyChanged || same(field, yours[field], theirs[field])) continue;
    if (youChanged) conflicts.push(field);
    else {
      merged[field] = theirs[field];
      taken.push(field);
    }
  }
  return { merged, taken, conflicts };
}

/** The merge with the admin's answers: theirs for each field in `takeTheirs`, the merge's value otherwise. */
export function resolveMerge<T extends object, K extends keyof T>(
  merge: ThreeWayMerge<T, K>,
  theirs: T,
  takeTheirs: ReadonlySet<K>,
): T {
  const resolved = { ...merge.merged };
  for (const field of merge.conflicts) if (takeTheirs.has(field)) resolved[field] = theirs[field];
  return resolved;
}

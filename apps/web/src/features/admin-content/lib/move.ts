/** The ids of `items` with the one at `index` moved one place up (-1) or down (+1). */
export function moved<T extends { id: number }>(
  items: readonly T[],
  index: number,
  step: -1 | 1,
): number[] {
  const ids = items.map((item) => item.id);
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

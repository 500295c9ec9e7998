/** The list with the item at `from` taken out and put back at `to`; the same list when either is out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The items in the order of `ids` while a new order is on its way to the server, so a row dropped
 * in place does not jump back until the answer; the items as they are otherwise.
 */
export function inPendingOrder<T extends { id: number }>(
  items: readonly T[],
  ids: readonly number[] | undefined,
): readonly T[] {
  if (!ids || ids.length !== items.length) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id));
  return ordered.every((item) => item !== undefined) ? (ordered as T[]) : items;
}

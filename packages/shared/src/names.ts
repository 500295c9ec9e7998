/** Text compared as people read it: accents, case and outer spaces do not matter ("Mazurén " = "mazuren"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/**
 * Whether a branch delivers to a neighbourhood. The storefront warns with it before sending and
 * the server decides with it: one rule, so they never disagree.
 */
export function coversNeighbourhood(zones: readonly string[], neighbourhood: string): boolean {
  const wanted = foldText(neighbourhood);
  return zones.some((zone) => foldText(zone) === wanted);
}

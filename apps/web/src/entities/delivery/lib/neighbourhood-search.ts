import { foldText } from '@comanda/shared';

/**
 * The served neighbourhoods matching what the customer typed, accents, case and spaces aside
 * ("mazuren" finds "Mazurén"): the ones that start with it first, then the ones that contain it,
 * each alphabetically.
 */
export function searchNeighbourhoods(names: readonly string[], typed: string): string[] {
  const wanted = foldText(typed).replace(/\s+/g, ' ');
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'es'));
  if (!wanted) return sorted;
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of sorted) {
    const folded = foldText(name).replace(/\s+/g, ' ');
    if (folded.startsWith(wanted)) starts.push(name);
    else if (folded.includes(wanted)) contains.push(name);
  }
  return [...starts, ...contains];
}

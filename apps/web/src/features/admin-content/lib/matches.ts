import { foldText } from '@comanda/shared';

/** Whether any of `texts` contains the search, folded ("Campiña" is found by "campina"); an empty search matches all. */
export function matches(search: string, ...texts: string[]): boolean {
  const wanted = foldText(search.trim());
  return wanted === '' || texts.some((text) => foldText(text).includes(wanted));
}

/**
 * The address form's `Barrio` choices grouped by city (product.md «Addresses»): the cities in
 * Spanish order, each with its neighbourhoods in Spanish order. A neighbourhood without a city
 * (an answer the phone kept offline from before the server sent cities) goes under «Otra ciudad».
 */
export function byCity(
  neighbourhoods: readonly { name: string; city: string }[],
): { city: string; names: string[] }[] {
  const spanish = new Intl.Collator('es');
  const groups = new Map<string, string[]>();
  for (const { name, city } of neighbourhoods as readonly { name: string; city?: string }[]) {
    const label = city?.trim() || 'Otra ciudad';
    groups.set(label, [...(groups.get(label) ?? []), name]);
  }
  return [...groups]
    .sort(([a], [b]) => spanish.compare(a, b))
    .map(([city, names]) => ({ city, names: names.sort(spanish.compare) }));
}

import { CHECKOUT_MESSAGES, type Address, type Branch } from '@comanda/shared';

/** As the server compares neighbourhoods: accents, case and outer spaces do not matter. */
const normalise = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

/**
 * Why `branch` will not deliver to `address`, in the server's own words, or null when it does.
 * A hint before sending: the server checks again with its current zones and has the last word.
 */
export function coverageProblem(branch: Pick<Branch, 'title' | 'delivery'>, address: Pick<Address, 'neighbourhood'>): string | null {
  if (!branch.delivery.available) return CHECKOUT_MESSAGES.noDelivery(branch.title);
  const wanted = normalise(address.neighbourhood);
  if (branch.delivery.neighbourhoods.some((zone) => normalise(zone) === wanted)) return null;
  return CHECKOUT_MESSAGES.addressNotCovered(branch.title, address.neighbourhood);
}

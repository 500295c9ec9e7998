import { CHECKOUT_MESSAGES, coversNeighbourhood, type Address, type Branch } from '@comanda/shared';

/**
 * Why `branch` will not deliver to `address`, in the server's own words, or null when it does.
 * A hint before sending: the server checks again with its current zones and has the last word.
 */
export function coverageProblem(
  branch: Pick<Branch, 'title' | 'delivery'>,
  address: Pick<Address, 'neighbourhood'>,
): string | null {
  if (!branch.delivery.available) return CHECKOUT_MESSAGES.noDelivery(branch.title);
  if (coversNeighbourhood(branch.delivery.neighbourhoods, address.neighbourhood)) return null;
  return CHECKOUT_MESSAGES.addressNotCovered(branch.title, address.neighbourhood);
}

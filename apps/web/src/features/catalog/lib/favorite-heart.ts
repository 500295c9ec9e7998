/**
 * Whether the product page's heart shows the product saved (product.md «Product page»). Logged
 * out, it is not. At a branch the product's own answer says it (asked with the customer's token).
 * Before a branch the page shows the chain's product, one cached answer for every visitor
 * (decision 042) whose `favorite` is always null: the customer's favourites list says it, and
 * until that list is read the heart's state is not known (null), so a tap cannot undo a
 * favourite the customer never saw.
 */
export function favoriteShown({
  loggedIn,
  atBranch,
  productFavorite,
  productId,
  favorites,
}: {
  loggedIn: boolean;
  atBranch: boolean;
  /** The product answer's own `favorite`. */
  productFavorite: { id: number } | null;
  productId: number;
  /** The customer's favourite products, once read. */
  favorites: readonly { id: number }[] | undefined;
}): boolean | null {
  if (!loggedIn) return false;
  if (atBranch) return productFavorite !== null;
  return favorites ? favorites.some((favorite) => favorite.id === productId) : null;
}

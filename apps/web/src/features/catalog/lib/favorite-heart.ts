/**
 * Whether the product page's heart shows the product saved (product.md «Product page»), or null
 * while that is not known, when the heart waits: a tap on it could undo a favourite the customer
 * never saw. The server renders the page logged out (it cannot know the login), so nothing is
 * known until the device's session is read (`sessionKnown`). Logged out, it is not saved. At a
 * branch the product's own answer says it once it was asked with the customer's token
 * (`answerIsCustomers`: the answer the server rendered with is everyone's, read again at once).
 * Before a branch the page shows the chain's product, one cached answer for every visitor
 * (decision 042) whose `favorite` is always null: the customer's favourites list says it.
 */
export function favoriteShown({
  sessionKnown,
  loggedIn,
  atBranch,
  answerIsCustomers,
  productFavorite,
  productId,
  favorites,
}: {
  sessionKnown: boolean;
  loggedIn: boolean;
  atBranch: boolean;
  answerIsCustomers: boolean;
  /** The product answer's own `favorite`. */
  productFavorite: { id: number } | null;
  productId: number;
  /** The customer's favourite products, once read. */
  favorites: readonly { id: number }[] | undefined;
}): boolean | null {
  if (!sessionKnown) return null;
  if (!loggedIn) return false;
  if (atBranch) return answerIsCustomers ? productFavorite !== null : null;
  return favorites ? favorites.some((favorite) => favorite.id === productId) : null;
}

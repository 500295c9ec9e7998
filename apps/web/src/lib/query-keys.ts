/**
 * A TanStack Query key is written once. A key only its own slice uses is written in that query's
 * `queryOptions`, and the slice reaches it through `…QueryOptions().queryKey`. A key another
 * slice touches lives here: a feature or entity that changes another's data (a favourite toggled
 * → every product's heart and the favourites list; an order placed → the order history) names
 * it through these factories instead of repeating a string, so a renamed key cannot silently
 * stop an invalidation. Keys of one kind start with the same element, so its `all` reaches every
 * entry of the kind. Lint rejects a key spelled anywhere else.
 */
export const queryKeys = {
  products: {
    all: ['product'],
    detail: (slug: string, branchId: number) => ['product', slug, branchId],
    /** The same request read as "sold there or not" (404 → null): other data, so another entry. */
    ifSold: (slug: string, branchId: number) => ['product', slug, branchId, 'if-sold'],
    /** The chain's answer before a branch is chosen (lowest prices). */
    chain: (slug: string) => ['product', slug, 'chain'],
  },
  favorites: {
    all: ['favorites'],
    list: ['favorites', 'list'],
  },
  cartHistory: {
    all: ['cart-history'],
    pages: (perPage: number) => ['cart-history', perPage],
  },
  order: (id: number) => ['order', id],
  /** The staff console's data: a logout drops all of it; an answered order refreshes the day. */
  panel: {
    all: ['panel'],
    dayOrders: (branchId: number) => ['panel', 'day-orders', branchId],
    summary: (branchId: number) => ['panel', 'summary', branchId],
  },
} as const;

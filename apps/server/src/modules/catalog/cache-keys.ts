// Each catalogue answer's key in the response cache: the answers are stored under them
// (answers.ts) and peeked at by them (fresh.ts).

export const KEY = {
  branches: 'branches',
  categories: 'categories',
  category: (slug: string, branchId: number) => `category:${slug}:${branchId}`,
  product: (slug: string, branchId: number) => `product:${slug}:${branchId}`,
  banners: 'banners',
  socialLinks: 'social-links',
  paymentTypes: 'payment-types',
  parameters: (segment: string) => `parameters:${segment}`,
  coupon: (branchId: number) => `coupon:${branchId}`,
};

/** The cached answers of one branch: its categories and products. */
export const ofBranch = (branchId: number) => (key: string) =>
  (key.startsWith('category:') || key.startsWith('product:')) && key.endsWith(`:${branchId}`);

/**
 * The cached answers made of some products (decision 089): their own at every branch, and their
 * categories' at every branch. Nothing else a product edit can change is cached by slug: the
 * category list, branches and content are not made of products.
 */
export const ofProducts = ({ slugs, categories }: { slugs: string[]; categories: string[] }) => {
  const prefixes = [
    ...slugs.map((slug) => `product:${slug}:`),
    ...categories.map((slug) => `category:${slug}:`),
  ];
  return (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
};

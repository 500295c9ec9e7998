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

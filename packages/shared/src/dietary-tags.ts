/**
 * What a product suits (product.md «Allergens and dietary tags»): stable codes, Spanish labels, in
 * the order every screen shows them. Apart from the allergens (dietary.ts) because the menu's
 * first load links to the search by these alone (its budget, decision 030).
 */
export const DIETARY_TAGS = [
  { code: 'vegetariano', label: 'Vegetariano' },
  { code: 'vegano', label: 'Vegano' },
  { code: 'sin-gluten', label: 'Sin gluten' },
  { code: 'picante', label: 'Picante' },
] as const;

export type DietaryTagCode = (typeof DIETARY_TAGS)[number]['code'];

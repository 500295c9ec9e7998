import type { AllergenCode, DietaryTagCode } from '@comanda/shared';

/**
 * The demo menu's allergens and dietary tags, by product slug (migration 039): what its
 * descriptions say they hold (cheese is lácteos, a bun gluten, teriyaki soya and gluten,
 * ajonjolí sésamo). A product not listed carries none, which the storefront shows as nothing
 * rather than as "free of everything".
 */
export const DEMO_DIETARY: Readonly<
  Record<string, { allergens?: AllergenCode[]; tags?: DietaryTagCode[] }>
> = {
  'hamburguesa-clasica': { allergens: ['gluten', 'lacteos'] },
  'hamburguesa-doble-queso': { allergens: ['gluten', 'lacteos'] },
  'hamburguesa-criolla': { allergens: ['gluten', 'huevo'] },
  'hamburguesa-pollo-crispy': { allergens: ['gluten', 'huevo'] },
  'pizza-pepperoni': { allergens: ['gluten', 'lacteos'], tags: ['picante'] },
  'pizza-vegetariana': { allergens: ['gluten', 'lacteos'], tags: ['vegetariano'] },
  'alitas-bbq': { allergens: ['lacteos'] },
  'wrap-de-pollo': { allergens: ['gluten', 'lacteos'] },
  'ensalada-cesar': { allergens: ['gluten', 'lacteos', 'huevo'] },
  'ensalada-de-la-casa': { tags: ['vegetariano'] },
  'bowl-res-teriyaki': { allergens: ['gluten', 'soya', 'sesamo'] },
  'bowl-falafel': { allergens: ['lacteos', 'sesamo'], tags: ['vegetariano'] },
  'papas-a-la-francesa': { tags: ['vegano', 'sin-gluten'] },
  'papa-criolla': { tags: ['vegano', 'sin-gluten'] },
  'mazorca-asada': { allergens: ['lacteos'], tags: ['vegetariano', 'sin-gluten'] },
  'aros-de-cebolla': { allergens: ['gluten'], tags: ['vegetariano'] },
  'guacamole-con-totopos': { tags: ['vegano', 'sin-gluten'] },
  gaseosa: { tags: ['vegano', 'sin-gluten'] },
};

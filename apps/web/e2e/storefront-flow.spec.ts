import {
  cartTotal,
  formatMoney,
  lineTotal,
  type Branch,
  type Category,
  type Product,
} from '@comanda/shared';
import { expect, expectNoAxeViolations, test } from './base-test';

/**
 * The whole browsing flow, as a customer does it: choose a pickup branch, open a category,
 * customise a product, add it, edit the cart, reload, and clear it. Expected money comes from
 * the API's data and the shared pricing function, never from constants.
 */
test('choose branch → category → customise → add → edit cart → reload keeps it → clear', async ({
  page,
  request,
}) => {
  const branches = (await (await request.get('/api/branch-office')).json()).results as Branch[];
  const campina = branches.find((b) => b.slug === 'campina')!;
  const categories = (await (await request.get('/api/category-client')).json())
    .results as Category[];

  // A product at Campiña with a required choice and an optional extra.
  let product: Product | undefined;
  let category: Category | undefined;
  for (const candidate of categories) {
    const { results } = await (
      await request.get(`/api/category/${candidate.slug}/${campina.id}`)
    ).json();
    for (const card of results.products as { slug: string; available: boolean }[]) {
      if (!card.available) continue;
      const detail = (await (await request.get(`/api/products/${card.slug}/${campina.id}`)).json())
        .results as Product;
      if (
        detail.modifier_group.some((g) => g.required) &&
        detail.modifier_group.some((g) => !g.required)
      ) {
        product = detail;
        category = candidate;
        break;
      }
    }
    if (product) break;
  }
  expect(product, 'a customisable product at Campiña').toBeDefined();

  // 1. Choose the branch.
  await page.goto('/delivery-takeout');
  await page
    .getByRole('list', { name: 'Sedes para recoger' })
    .getByRole('button', { name: new RegExp(`^${campina.title}`) })
    .click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('button', { name: /elegir sede/ })).toContainText('Campiña');

  // 2. Open the category and the product.
  await page.getByRole('link', { name: category!.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/category/${category!.slug}$`));
  await page
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: product!.title, exact: true }) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();

  // 3. Customise: the last option of every required group, the first extra.
  const chosen = structuredClone(product!);
  for (const group of chosen.modifier_group) {
    const pick = group.required ? group.modifiers_product.at(-1)! : group.modifiers_product[0]!;
    if (!group.required && group !== chosen.modifier_group.find((g) => !g.required)) continue;
    pick.selected = true;
    const role = group.required ? 'radio' : 'checkbox';
    await page
      .getByRole('group', { name: group.title })
      .getByRole(role, { name: pick.title })
      .check();
  }
  await page.getByRole('button', { name: 'Agregar uno' }).click();
  const expected = lineTotal(chosen, 2);
  await expect(page.getByRole('button', { name: /^Agregar \$/ })).toHaveText(
    `Agregar ${formatMoney(expected)}`,
  );
  await expectNoAxeViolations(page);

  // 4. Add: back to the category, the cart bar shows the total and the count.
  await page.getByRole('button', { name: /^Agregar \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category!.slug}$`));
  await expect(page.getByRole('link', { name: /Ver pedido/ })).toContainText('2');
  await expect(page.getByText(formatMoney(expected)).first()).toBeVisible();

  // 5. Edit the cart.
  await page.getByRole('link', { name: /Ver pedido/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tu Carrito' })).toBeVisible();
  await page.getByRole('button', { name: `Agregar uno de ${product!.title}` }).click();
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(formatMoney(cartTotal([{ ...chosen, quantity: 3 }])));
  await page.getByRole('button', { name: `Quitar uno de ${product!.title}` }).click();
  await expect(summary).toContainText(formatMoney(expected));

  // 6. A reload keeps the cart (the contract's `storage` key).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Resumen del pedido' })).toContainText(
    formatMoney(expected),
  );
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('storage') ?? '{}'));
  // The contract's fields at the top level of the key.
  expect(stored.cart).toHaveLength(1);
  expect(stored.cart[0]).toMatchObject({ id: product!.id, quantity: 2, total: expected });
  expect(stored.branch.title).toBe('Campiña');
  expect(stored.delivery).toBe(2);

  // 7. Clear it.
  await page.getByRole('button', { name: 'Vaciar Carrito' }).click();
  await page
    .getByRole('dialog', { name: '¿Realmente deseas vaciar el carrito?' })
    .getByRole('button', { name: 'Vaciar' })
    .click();
  await page.goto('/carrito');
  await expect(page.getByText('No tienes Productos Agregados')).toBeVisible();
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('storage') ?? '{}'));
  expect(after.cart).toEqual([]);
});

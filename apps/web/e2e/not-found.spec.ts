import { expect, expectNoAxeViolations, test } from './base-test';

for (const path of ['/esta-pagina-no-existe', '/carrito/extra/cosas']) {
  test(`an unknown path (${path}) shows a friendly page with a way back to the menu`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    // A real 404 for crawlers and links checkers, with the page a person reads.
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'No encontramos esta página' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('No encontramos esta página · La Brasa Dorada');

    await expectNoAxeViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Ir al Menu' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestro menú' })).toBeVisible();
  });
}

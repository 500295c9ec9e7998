import {
  expect,
  expectNoAxeViolations,
  openBoard,
  screens,
  seedCustomer,
  terminalBranch,
  test,
} from './console-support';

// "Sin aguacate hoy" (decision 050): staff switch one option of a product off at their branch
// in the console's Controles, and an open product page of that branch shows it "Agotado" at
// once (the `option-availability` event), unchoosable.

test('an option switched sold out in the console shows Agotado on an open product page, live', async ({
  page,
  request,
  browser,
}) => {
  const branch = await terminalBranch(request);
  // A context of its own: axe scans a page only there.
  const shopContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const shop = await shopContext.newPage();
  await seedCustomer(shop, null, branch);
  await shop.goto('/producto/hamburguesa-clasica');
  const aguacate = shop.getByRole('checkbox', { name: /^Aguacate/ });
  await expect(aguacate).toBeEnabled();
  await shop.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, request, branch);
  await page.getByRole('link', { name: 'Controles' }).click();
  await page.getByLabel('Buscar producto').fill('clasica');
  const option = page.getByRole('switch', {
    name: 'Agotado: Aguacate (Hamburguesa Clásica, Adiciones)',
  });
  await expect(option).toHaveAttribute('aria-checked', 'false');
  await option.click();
  await expect(option).toHaveAttribute('aria-checked', 'true');
  await expect(option).toContainText('Agotado');
  await expectNoAxeViolations(page);
  await screens(page, 'console-option-sold-out');

  // The open page changed without a reload: the option is said sold out and cannot be ticked.
  await expect(aguacate).toBeDisabled();
  const row = shop.locator('label').filter({ has: aguacate });
  await expect(row).toContainText('Agotado');
  expect(await shop.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  await expect(shop.getByRole('checkbox', { name: /^Tocineta/ })).toBeEnabled();
  await expectNoAxeViolations(shop);
  await row.scrollIntoViewIfNeeded();
  await shop.screenshot({ path: 'test-results/screens/product-option-sold-out-360.png' });

  // And back.
  await option.click();
  await expect(option).toHaveAttribute('aria-checked', 'false');
  await expect(aguacate).toBeEnabled();
  await shopContext.close();
});

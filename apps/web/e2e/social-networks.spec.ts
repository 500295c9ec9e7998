import { socialLinksResponse } from '@comanda/shared';
import { expect, expectNoAxeViolations, test } from './base-test';

// Links are checked, never followed: tests run without a network. The accounts come from
// GET /api/social-links (the back office edits them; admin-content.spec.ts covers that).

test("/redes-sociales links the brand's accounts and the messaging app as the API serves them", async ({
  page,
  request,
}) => {
  const { accounts, messaging } = socialLinksResponse.parse(
    await (await request.get('/api/social-links')).json(),
  ).results;
  await page.goto('/redes-sociales');
  await expect(page.getByRole('heading', { level: 1, name: 'Redes sociales' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('La Brasa Dorada', { exact: true }).first(),
  ).toBeVisible();

  expect(accounts).toHaveLength(2);
  expect(messaging).not.toBeNull();
  for (const account of [...accounts, messaging!]) {
    const link = page.getByRole('link', { name: new RegExp(account.name) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', account.href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toContainText(account.handle);
    // Its mark is drawn inline, not fetched.
    await expect(link.locator('svg').first()).toBeVisible();
  }
  expect(new URL(messaging!.href).hostname).toBe('wa.me');

  await expectNoAxeViolations(page);
});

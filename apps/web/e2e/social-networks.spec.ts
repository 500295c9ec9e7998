import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { socialNetworks } from '../src/features/marketing/config/social-networks';

// Links are checked, never followed: tests run without a network.

test("/redes-sociales links the brand's two accounts and the messaging app from the one config", async ({ page }) => {
  await page.goto('/redes-sociales');
  await expect(page.getByRole('heading', { level: 1, name: 'Redes sociales' })).toBeVisible();
  await expect(page.getByRole('main').getByText(socialNetworks.brand, { exact: true }).first()).toBeVisible();

  expect(socialNetworks.accounts).toHaveLength(2);
  for (const account of [...socialNetworks.accounts, socialNetworks.messaging]) {
    const link = page.getByRole('link', { name: new RegExp(account.name) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', account.href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toContainText(account.handle);
    // Its mark is drawn inline, not fetched.
    await expect(link.locator('svg').first()).toBeVisible();
  }
  expect(new URL(socialNetworks.messaging.href).hostname).toBe('wa.me');

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

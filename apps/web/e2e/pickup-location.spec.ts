import type { Branch } from '@comanda/shared';
import { expect, expectNoAxeViolations, test } from './base-test';

// The pickup list with the customer's consent: each card says its estimate (the branch's
// eta.pickup, as the menu line), and «Usar mi ubicación» sorts the cards nearest first with
// their distance. The browser's location is Playwright's, a few streets from Terminal 24h.
test.use({
  viewport: { width: 360, height: 740 },
  geolocation: { latitude: 4.655, longitude: -74.112 },
  permissions: ['geolocation'],
});

test('«Usar mi ubicación» sorts the pickup branches nearest first, with their distance and time', async ({
  page,
  request,
}) => {
  const branches = (
    (await (await request.get('/api/branch-office')).json()) as {
      results: Branch[];
    }
  ).results;
  // Asked nothing on load: the page does not read the location until the tap.
  await page.addInitScript(() => {
    const asked = window as unknown as { __asked: number };
    asked.__asked = 0;
    const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args) => {
      asked.__asked += 1;
      original(...args);
    };
  });
  await page.goto('/delivery-takeout');
  const cards = page.getByRole('list', { name: 'Sedes para recoger' }).getByRole('listitem');
  await expect(cards.first()).toContainText(branches[0]!.title);
  for (const [index, branch] of branches.slice(0, 3).entries()) {
    const [min, max] = branch.eta.pickup;
    await expect(cards.nth(index)).toContainText(`Listo en ${min}–${max} min`);
    await expect(cards.nth(index)).not.toContainText(/ a \d/);
  }
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);

  await page.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'más cercana' })).toHaveText(
    'Sedes ordenadas de la más cercana a la más lejana.',
  );
  // Terminal 24h about 400 m away, then Chicó (about 7.6 km) before Campiña (about 10.8 km).
  await expect(cards.nth(0)).toContainText(/Terminal 24h.*Listo en \d+–\d+ min · a \d{3} m/);
  await expect(cards.nth(1)).toContainText(/Chicó.*· a 7,\d km/);
  await expect(cards.nth(2)).toContainText(/Campiña.*· a 1\d,\d km/);
  await page.screenshot({ path: 'test-results/screens/pickup-nearest-360.png' });
  await expectNoAxeViolations(page);
});

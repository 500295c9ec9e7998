import { expect, expectNoAxeViolations, test } from './base-test';

// A screen whose answers the phone never kept, opened without signal after one visit: it says
// «Sin conexión» at once (the browser's offline signal and the failed fetch), instead of a
// skeleton waiting on retries; and it loads by itself when the signal returns.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

test('without signal, a screen with no saved copy says «Sin conexión» at once, and loads when the signal returns', async ({
  page,
  context,
}) => {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuestro menú' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });

  await context.setOffline(true);
  // The address step reads the served neighbourhoods, which /menu never read.
  await page.goto('/domicilio');
  const offline = page.getByText(/^Sin conexión: esta pantalla no está guardada/);
  // At once: well within the 1 s + 2 s the retries used to take.
  await expect(offline).toBeVisible({ timeout: 2_000 });
  await page.screenshot({ path: 'test-results/screens/offline-no-copy-360.png' });
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  // By itself, without a tap on Reintentar.
  await expect(offline).toBeHidden();
  await expect(page.getByText('No pudimos cargar los barrios')).toHaveCount(0);
});

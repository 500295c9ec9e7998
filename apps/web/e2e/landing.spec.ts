import type { Banner } from '@comanda/shared';
import { expect, expectNoAxeViolations, test, type Page } from './base-test';

async function storedDelivery(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('storage');
    return raw ? (JSON.parse(raw) as { delivery: unknown }).delivery : undefined;
  });
}

/** Moves the pointer off the carousel and focus out of it: both hold the rotation. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(5, 700);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('A Domicilio stores domicilio and asks where first; the menu then opens on Domicilio', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Que deseas hacer hoy?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'A Domicilio' }).click();
  await expect(page).toHaveURL(/\/domicilio$/);
  expect(await storedDelivery(page)).toBe('domicilio');
  await page.goto('/menu');
  await expect(page.getByRole('radio', { name: 'Domicilio' })).toBeChecked();
});

test('Para Recoger stores delivery-takeout and opens the pickup branch list', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Para Recoger' }).click();
  await expect(page).toHaveURL(/\/delivery-takeout$/);
  expect(await storedDelivery(page)).toBe('delivery-takeout');
  await expect(page.getByRole('list', { name: 'Sedes para recoger' })).toBeVisible();
});

test('the carousel shows the API banners, turns every 5 s, and its controls work', async ({
  page,
  request,
}) => {
  const { results: banners } = (await (await request.get('/api/banner')).json()) as {
    results: Banner[];
  };
  expect(banners.length).toBeGreaterThan(2);
  const n = banners.length;

  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Promociones' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
  // Only the current slide is exposed; the others are hidden from assistive technology.
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveCount(1);
  await expect(slide).toHaveAccessibleName(`1 de ${n}`);
  await expect(slide).toHaveAttribute('aria-roledescription', 'diapositiva');
  await expect(slide.getByRole('img')).toHaveAttribute('alt', banners[0]!.title);
  await expect(slide.getByRole('img')).toHaveAttribute('src', banners[0]!.real_image);

  // The fake clock still flows with real time, so this runs while the first 5 s are still on.
  await leaveCarousel(page);
  await page.clock.runFor(5000);
  await expect(slide).toHaveAccessibleName(`2 de ${n}`);
  await expect(slide.getByRole('img')).toHaveAttribute('alt', banners[1]!.title);

  await carousel.getByRole('button', { name: 'Promoción siguiente' }).click();
  await expect(slide).toHaveAccessibleName(`3 de ${n}`);
  await carousel.getByRole('button', { name: 'Promoción anterior' }).click();
  await expect(slide).toHaveAccessibleName(`2 de ${n}`);
  await carousel.getByRole('button', { name: `Ver promoción 1: ${banners[0]!.title}` }).click();
  await expect(slide).toHaveAccessibleName(`1 de ${n}`);
  await carousel.getByRole('button', { name: 'Promoción anterior' }).click();
  await expect(slide).toHaveAccessibleName(`${n} de ${n}`);

  // Paused, it stays put even with pointer and focus gone.
  await carousel.getByRole('button', { name: 'Pausar carrusel' }).click();
  await expect(carousel.getByRole('button', { name: 'Reanudar carrusel' })).toBeVisible();
  await leaveCarousel(page);
  await page.clock.runFor(12_000);
  await expect(slide).toHaveAccessibleName(`${n} de ${n}`);
  await expectNoAxeViolations(page);

  // Resumed, it turns again (and wraps around).
  await carousel.getByRole('button', { name: 'Reanudar carrusel' }).click();
  await leaveCarousel(page);
  await page.clock.runFor(5100);
  await expect(slide).toHaveAccessibleName(`1 de ${n}`);
});

test('with reduced motion the carousel does not turn on its own', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Promociones' });
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveAccessibleName(/^1 de /);
  await expect(carousel.getByRole('button', { name: 'Reanudar carrusel' })).toBeVisible();
  await leaveCarousel(page);
  await page.clock.runFor(15_000);
  await expect(slide).toHaveAccessibleName(/^1 de /);
});

test('the landing has no accessibility violations at desktop width either', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Promociones' }).getByRole('img')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('failed banners say so in Spanish and Reintentar brings the carousel', async ({ page }) => {
  // The server puts the banners in the landing's HTML (decision 030): the browser reads them
  // itself when the customer comes to the landing from another screen of the app.
  await page.goto('/carrito');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/banner', (route) => route.abort('connectionrefused'));
  await page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No pudimos cargar las promociones.', { timeout: 10_000 });
  // The choices still work without the banners.
  await expect(page.getByRole('button', { name: 'A Domicilio' })).toBeEnabled();

  await page.unroute('**/api/banner');
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('region', { name: 'Promociones' }).getByRole('img')).toBeVisible();
});

import {
  card,
  cartLine,
  countChimes,
  expect,
  expectNoAxeViolations,
  newCustomer,
  openBoard,
  placeOrder,
  terminalBranch,
  test,
} from './console-support';

// Browsers keep sound off until the page gets a first tap, but headless Chromium lets every page
// play (no launch flag changes that). This spec gives the page the desktop browsers' rule: an
// AudioContext starts suspended and resumes only inside a user gesture.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        void this.suspend();
      }
      override resume() {
        return navigator.userActivation.isActive ? super.resume() : Promise.resolve();
      }
    };
  });
});

test.use({ viewport: { width: 1280, height: 800 } });

test('sound is off until a tap: the board says so plainly, and "Activar sonido" turns the alarm on', async ({
  page,
  request,
  baseURL,
}) => {
  const branch = await terminalBranch(request);
  const notes = await countChimes(page);
  await openBoard(page, request, branch);
  const banner = page.getByText('Sonido desactivado.');
  await expect(banner).toBeVisible();
  await expect(
    page.getByText('El navegador no deja sonar la alarma hasta que toques la pantalla.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('sound-off.png') });

  const order = await placeOrder(baseURL!, request, await newCustomer(request), {
    branch,
    lines: [await cartLine(request, branch, 'hamburguesa-clasica')],
  });
  await expect(card(page, order.id)).toBeVisible();
  // Waiting, and said, but silent: nothing is played into a context the browser holds.
  await expect(page.getByTestId('alarm')).toContainText('sin responder');
  expect(await notes()).toBe(0);

  await page.getByRole('button', { name: 'Activar sonido' }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(notes).toBeGreaterThan(0);
  await expect(page.getByTestId('alarm')).toContainText('sonando');
});

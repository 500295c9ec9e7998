import { readFileSync } from 'node:fs';
import { ADMIN_MESSAGES } from '@comanda/shared';
import type { Page } from '@playwright/test';
import {
  bearer,
  cartLine,
  expect,
  expectNoAxeViolations,
  loginApi,
  paymentTypes,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// The back office's Contenido and Registros, on the worker's own server (console-support): the
// admin's changes reach the storefront, and the records come out as a CSV Excel can open.

const SCREENS = 'test-results/screens';
/**
 * The widest right edge inside the section's own screen (its tabs and AdminSection). The console's
 * frame above it (panel-shell's nav) is not this section's and is measured by its own specs.
 */
const widestRight = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      ...[
        ...document.querySelectorAll(
          'nav[aria-label="Contenido"], nav[aria-label="Contenido"] ~ *, section, section *',
        ),
      ].map((e) => e.getBoundingClientRect().right),
    ),
  );
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

async function openAsAdmin(page: Page, request: Parameters<typeof loginApi>[0], path: string) {
  // A console device works for one branch; the back office is the same whichever it is.
  const branch = await terminalBranch(request);
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), branch.id);
  await page.goto(path);
}

// Several axe runs per test on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test.describe('tablet', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the admin renames a payment method and the checkout offers it by its new name', async ({
    page,
    request,
  }) => {
    const [, second] = await paymentTypes(request);
    if (!second) throw new Error('The demo chain has fewer than two payment methods');
    const renamed = `${second.parameter.description} o tarjeta`;
    await openAsAdmin(page, request, '/panel/admin/contenido/metodos-de-pago');
    await expect(page.getByRole('heading', { level: 1, name: 'Métodos de pago' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Métodos de pago' });
    await expect(list.getByRole('listitem')).toHaveCount((await paymentTypes(request)).length);
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-payments-1280');

    await list
      .getByRole('listitem')
      .filter({ hasText: second.parameter.description })
      .getByRole('button', { name: 'Renombrar' })
      .click();
    const field = page.getByLabel(`Nuevo nombre de «${second.parameter.description}»`);
    await field.fill('');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(
      page.getByText('Escribe el nombre del método de pago (hasta 120 caracteres).'),
    ).toBeVisible();
    await field.fill(renamed);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(list.getByText(renamed, { exact: true })).toBeVisible();

    // The storefront's checkout, on a fresh load, offers it by the new name.
    const branch = await terminalBranch(request);
    const line = await cartLine(request, branch, 'hamburguesa-clasica');
    await page.goto('/favicon.svg');
    await page.evaluate((value) => localStorage.setItem('storage', JSON.stringify(value)), {
      access_token: null,
      user: null,
      loggedIn: false,
      branch,
      delivery: 2,
      cart: [line],
    });
    await page.goto('/opciones-de-pago');
    await expect(
      page.getByRole('group', { name: 'Como deseas pagar?' }).getByRole('radio', { name: renamed }),
    ).toBeVisible();

    // Put it back for the other specs on this server.
    const admin = await loginApi(request, 'admin@comanda.test');
    const back = await request.put(`/api/admin/payment-types/${second.id}`, {
      headers: bearer(admin.access_token),
      data: { description: second.parameter.description },
    });
    expect(back.ok()).toBe(true);
  });

  test('a rename made from a list someone else changed since is refused; the form then names their copy, and a second save is knowingly over it', async ({
    page,
    request,
  }) => {
    const [first] = await paymentTypes(request);
    if (!first) throw new Error('The demo chain has no payment method');
    const original = first.parameter.description;
    await openAsAdmin(page, request, '/panel/admin/contenido/metodos-de-pago');
    const list = page.getByRole('list', { name: 'Métodos de pago' });
    await expect(list.getByText(original, { exact: true })).toBeVisible();

    // Another admin renames it after this screen read it.
    const admin = await loginApi(request, 'admin@comanda.test');
    const theirs = `${original} en caja`;
    const rename = (description: string) =>
      request.put(`/api/admin/payment-types/${first.id}`, {
        headers: bearer(admin.access_token),
        data: { description },
      });
    expect((await rename(theirs)).ok()).toBe(true);

    await list
      .getByRole('listitem')
      .filter({ hasText: original })
      .getByRole('button', { name: 'Renombrar' })
      .click();
    await page.getByLabel(`Nuevo nombre de «${original}»`).fill(`${original} mío`);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText(ADMIN_MESSAGES.conflict)).toBeVisible();
    // The list was read again: the open form now names their copy, and keeps this admin's draft.
    const field = page.getByLabel(`Nuevo nombre de «${theirs}»`);
    await expect(field).toHaveValue(`${original} mío`);
    expect(
      (await paymentTypes(request)).find((p) => p.id === first.id)?.parameter.description,
    ).toBe(theirs);
    // Saved again, knowingly, over the copy now shown: the version it sends is the current one.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(list.getByText(`${original} mío`, { exact: true })).toBeVisible();

    // Put it back for the other specs on this server.
    expect((await rename(original)).ok()).toBe(true);
  });

  test('the admin edits the WhatsApp number and /redes-sociales links to it', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/panel/admin/contenido/redes-sociales');
    await expect(page.getByRole('heading', { level: 1, name: 'Redes sociales' })).toBeVisible();
    const number = page.getByLabel('Número de WhatsApp');
    const before = await number.inputValue();
    await number.fill('300 123');
    await page.getByRole('button', { name: 'Guardar redes sociales' }).click();
    await expect(
      page.getByText(/Escribe el número de WhatsApp con el indicativo del país/),
    ).toBeVisible();
    await expect(number).toBeFocused();
    await number.fill('+57 310 555 1234');
    await page.getByRole('button', { name: 'Guardar redes sociales' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-social-1280');

    await page.goto('/redes-sociales');
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/573105551234',
    );

    await openAsAdmin(page, request, '/panel/admin/contenido/redes-sociales');
    await page.getByLabel('Número de WhatsApp').fill(before);
    await page.getByRole('button', { name: 'Guardar redes sociales' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
  });

  test('Banners, Cupones and Encuesta show their lists, accessible', async ({ page, request }) => {
    await openAsAdmin(page, request, '/panel/admin/contenido');
    await expect(page).toHaveURL(/\/panel\/admin\/contenido\/banners$/);
    await expect(
      page.getByRole('list', { name: 'Banners' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-banners-1280');
    await page.getByRole('button', { name: 'Nuevo banner' }).click();
    await page.getByRole('button', { name: 'Guardar banner' }).click();
    await expect(page.getByText('Escribe un título de hasta 160 caracteres.')).toBeVisible();
    await expect(page.getByText('Sube una imagen.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-banner-form-1280');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    // A save closes the form: the screen confirms it where the form was.
    const first = page.getByRole('list', { name: 'Banners' }).getByRole('listitem').first();
    await first.getByRole('button', { name: 'Editar' }).click();
    const heading = page.getByRole('heading', { name: /^Editar «/ });
    const title = ((await heading.textContent()) ?? '').slice('Editar «'.length, -1);
    await page.getByRole('button', { name: 'Guardar banner' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Banner «${title}» guardado.` }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Cupones' }).click();
    await expect(
      page.getByRole('list', { name: 'Cupones por sede' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-coupons-1280');

    await page.getByRole('link', { name: 'Encuesta' }).click();
    await expect(
      page.getByRole('list', { name: 'Encuesta' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-content-survey-1280');
  });

  test('Registros lists the signups of a branch and downloads them as a CSV for Excel', async ({
    page,
    request,
  }) => {
    const branch = await terminalBranch(request);
    const survey = (
      (await (await request.get('/api/parameters-segment/survey')).json()) as {
        results: { id: number }[];
      }
    ).results;
    const email = `csv.${Date.now()}@ejemplo.co`;
    const signup = await request.post('/api/discount', {
      data: {
        branch_id: branch.id,
        name: '=SUMA(A1)',
        phone: '3104445566',
        email,
        confirmation: email,
        address: 'Cl. 1 # 2-3',
        source_id: survey[0]!.id,
      },
    });
    expect(signup.ok()).toBe(true);

    await openAsAdmin(page, request, '/panel/admin/registros');
    await expect(page.getByRole('heading', { level: 1, name: 'Registros' })).toBeVisible();
    await page.getByLabel('Sede').selectOption(String(branch.id));
    await page.getByLabel('Buscar por nombre, teléfono, correo o dirección').fill(email);
    const table = page.getByRole('table', { name: 'Inscripciones al cupón de descuento' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('=SUMA(A1)');
    await expectNoAxeViolations(page);
    await shot(page, 'admin-records-signups-1280');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^inscripciones-descuento-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Sede,Nombre,Teléfono,Correo,Dirección,¿Cómo nos conoció?,Inscrito el');
    expect(lines[1]).toContain(`${branch.title},"'=SUMA(A1)",3104445566,${email}`);
    expect(lines).toHaveLength(3);

    await page.getByRole('link', { name: 'Cortesías' }).click();
    await expect(page.getByText(/cortesías|Ninguna cortesía/).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-records-courtesy-1280');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every Contenido tab and Registros fit a 360 px phone, accessible', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/panel/admin/contenido/banners');
    for (const [tab, heading] of [
      ['banners', 'Banners'],
      ['cupones', 'Cupones'],
      ['metodos-de-pago', 'Métodos de pago'],
      ['encuesta', 'Encuesta'],
      ['redes-sociales', 'Redes sociales'],
    ] as const) {
      await page.goto(`/panel/admin/contenido/${tab}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/^Cargando/)).toHaveCount(0);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await widestRight(page)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await shot(page, `admin-content-${tab}-360`);
    }
    await page.goto('/panel/admin/registros/descuento');
    await expect(page.getByRole('heading', { level: 1, name: 'Registros' })).toBeVisible();
    await expect(page.getByText('Cargando inscripciones…')).toHaveCount(0);
    expect(await widestRight(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await shot(page, 'admin-records-360');
  });
});

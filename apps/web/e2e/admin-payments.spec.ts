import { readFileSync } from 'node:fs';
import { formatMoney, PAYMENTS_CSV_HEADER, type AdminPayment } from '@comanda/shared';
import { expect, test, type Page } from './base-test';
import { expectNoAxeViolations, loginApi, seedPanelSession } from './console-support';
import {
  alwaysOpenBranch,
  DEMO_ADMIN_EMAIL,
  failNextRefunds,
  onlineOrder,
  refundAsStaff,
  waitForAdminPayments,
} from './payment-support';

// The back office's Pagos as a chain's manager reconciles with it, on the config's server and its
// embedded payment simulator (payment-support.ts): the attempts with their refunds, the one to
// chase in the provider's dashboard, the totals, the filters in the URL and the CSV.

const SCREENS = 'test-results/screens';

// Orders paid at the simulator, refunds confirmed, several axe runs: more than the default.
test.describe.configure({ timeout: 120_000 });

/** Opens Pagos as the demo admin at `search`; answers the list the page itself was given. */
async function openPayments(
  page: Page,
  request: Parameters<typeof loginApi>[0],
  search: string,
): Promise<AdminPayment[]> {
  const branch = await alwaysOpenBranch(request);
  await seedPanelSession(page, await loginApi(request, DEMO_ADMIN_EMAIL), branch.id);
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/payments',
  );
  await page.goto(`/panel/admin/pagos${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
  return ((await (await listed).json()) as { results: AdminPayment[] }).results;
}

const attempt = (page: Page, payment: AdminPayment) =>
  page.locator(`tbody[data-payment-id="${payment.id}"]`);

/** Cobrado, Reembolsado and Neto of a list, as a bookkeeper adds the provider's statement. */
function expectedTotals(payments: AdminPayment[]) {
  const approved = payments.filter((payment) => payment.status === 'approved');
  const charged = approved.reduce((sum, payment) => sum + payment.amount, 0);
  const refunded = approved
    .flatMap((payment) => payment.refunds)
    .filter((refund) => refund.status === 'approved')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return { charged, refunded, net: charged - refunded };
}

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a manager sees each attempt with its refunds, the one to chase, the totals, and downloads the CSV', async ({
    page,
    request,
    baseURL,
  }) => {
    const paid = await onlineOrder(request, baseURL!, { outcome: 'APPROVED', method: 'NEQUI' });
    const declined = await onlineOrder(request, baseURL!, { outcome: 'DECLINED', method: 'PSE' });
    const orderId = paid.order.id;
    await refundAsStaff(request, orderId, { amount: 1000, reason: 'Faltó una bebida' });
    await waitForAdminPayments(request, orderId, ([payment]) =>
      Boolean(payment?.refunds.some((refund) => refund.status === 'approved')),
    );
    // The next refund's call fails once: it stays pending with the error until Comanda retries
    // it, 30 s later, which is when the screen must make someone look at it.
    try {
      await failNextRefunds(request, 1);
      await refundAsStaff(request, orderId, { amount: 500, reason: 'Llegó frío' });
      await waitForAdminPayments(request, orderId, ([payment]) =>
        Boolean(payment?.refunds.some((refund) => refund.last_error !== null)),
      );
    } finally {
      await failNextRefunds(request, 0);
    }

    const payments = await openPayments(page, request, `?sede=${paid.branch.id}`);
    const mine = payments.find((payment) => payment.order_id === orderId)!;
    const row = attempt(page, mine);
    // First the refund to chase, while Comanda has not retried it yet.
    const refunds = row.getByRole('list', { name: `Reembolsos del pedido #${orderId}` });
    const failing = refunds.getByRole('listitem').filter({ hasText: 'Llegó frío' });
    await expect(failing).toContainText('En proceso');
    await expect(failing).toContainText('Requiere seguimiento');
    await expect(failing).toContainText('Último error:');
    await expect(page.getByRole('note')).toContainText('necesita');
    await expect(page.getByRole('note')).toContainText('seguimiento en el panel de la pasarela');
    await page.screenshot({ path: `${SCREENS}/admin-payments-1280x800.png` });
    await page.screenshot({ path: `${SCREENS}/admin-payments-1280-full.png`, fullPage: true });

    await expect(row).toContainText(`Pedido #${orderId}`);
    await expect(row).toContainText(paid.branch.title);
    await expect(row).toContainText(formatMoney(paid.order.total));
    await expect(row).toContainText('Aprobado');
    await expect(row).toContainText('Nequi');
    await expect(row).toContainText(paid.transactionId);
    await expect(row).toContainText(mine.reference);
    const done = refunds.getByRole('listitem').filter({ hasText: 'Faltó una bebida' });
    await expect(done).toContainText(`Reembolso ${formatMoney(-1000)}`);
    await expect(done).toContainText('Hecho');
    await expect(done).toContainText('Por el personal');

    const totals = page.getByRole('region', { name: 'Totales de lo que se muestra' });
    const sums = expectedTotals(payments);
    await expect(totals).toContainText(`Cobrado${formatMoney(sums.charged)}`);
    await expect(totals).toContainText(`Reembolsado${formatMoney(-sums.refunded)}`);
    await expect(totals).toContainText(`Neto${formatMoney(sums.net)}`);
    await expectNoAxeViolations(page);

    // The reconciliation file of the same filters: a charge, then each refund, negative.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^pagos-\d{4}-\d{2}-\d{2}-al-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(PAYMENTS_CSV_HEADER.join(','));
    const ofOrder = lines.filter((line) => line.includes(`,${orderId},${paid.branch.title},`));
    expect(ofOrder.filter((line) => line.includes(',Cobro,'))).toHaveLength(1);
    expect(ofOrder.some((line) => line.includes(',-1000,Hecho,Faltó una bebida'))).toBe(true);
    expect(ofOrder.some((line) => line.includes(',-500,'))).toBe(true);

    // Estado, kept in the URL: a reload shows the same declined attempts.
    await page.getByLabel('Estado').selectOption({ label: 'Rechazado' });
    await expect(page).toHaveURL(/[?&]estado=declined/);
    await expect(page.getByText(`Pedido #${declined.order.id}`, { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Estado')).toHaveValue('declined');
    await expect(page.getByLabel('Sede')).toHaveValue(String(paid.branch.id));
    await expect(page.getByText(`Pedido #${declined.order.id}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Pedido #${orderId}`, { exact: true })).toHaveCount(0);
  });

  test('days without payments, a range backwards and a failed load say so in Spanish', async ({
    page,
    request,
  }) => {
    await openPayments(page, request, '?desde=2001-01-01&hasta=2001-01-31');
    await expect(page.getByText('Ningún pago en línea con estos filtros.')).toBeVisible();
    await expect(page.getByText('Prueba con otras fechas, otra sede u otro estado.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descargar CSV' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/admin-payments-empty-1280x800.png` });
    await expectNoAxeViolations(page);

    await page.getByLabel('Hasta').fill('2000-12-31');
    await expect(page.getByRole('alert')).toHaveText(
      'La fecha final no puede ser anterior a la inicial.',
    );
    await expect(page.getByLabel('Hasta')).toHaveAttribute('aria-invalid', 'true');

    // Back to the default: the last 30 days, every branch, nothing in the URL.
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(/\/panel\/admin\/pagos$/);

    const list = (url: URL) => url.pathname === '/api/admin/payments';
    await page.route(list, (route) =>
      route.fulfill({ status: 500, json: { message: 'Falla de prueba.' } }),
    );
    await page.reload();
    await expect(page.getByText('No pudimos cargar los pagos.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Falla de prueba.')).toBeVisible();
    await page.unroute(list);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /intentos? de pago|Ningún pago/ }),
    ).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each attempt is a card with its refunds, nothing wider than the phone, accessible', async ({
    page,
    request,
    baseURL,
  }) => {
    const paid = await onlineOrder(request, baseURL!, { outcome: 'APPROVED' });
    await refundAsStaff(request, paid.order.id, { amount: 1000, reason: 'Faltó la salsa' });
    await waitForAdminPayments(request, paid.order.id, ([payment]) =>
      Boolean(payment?.refunds.some((refund) => refund.status === 'approved')),
    );

    const payments = await openPayments(page, request, `?sede=${paid.branch.id}`);
    const mine = payments.find((payment) => payment.order_id === paid.order.id)!;
    const card = attempt(page, mine);
    await expect(card).toContainText(`Pedido #${paid.order.id}`);
    await expect(card).toContainText('Tarjeta');
    await expect(card).toContainText('Faltó la salsa');
    // A card, not a row: the table's boxes are blocks, one under the other.
    await expect(card).toHaveCSS('display', 'block');
    // Nothing to scroll sideways: neither the page nor any box of the section a person sees
    // (the column headers are there for screen readers only, clipped to nothing).
    const { page: pageWidth, widest } = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      widest: Math.max(
        ...[...document.querySelectorAll('section, section *')]
          .filter((element) => !element.closest('thead'))
          .map((element) => element.getBoundingClientRect().right),
      ),
    }));
    expect(pageWidth).toBeLessThanOrEqual(360);
    expect(widest).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SCREENS}/admin-payments-360x740.png` });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/admin-payments-360x740-card.png` });
    await expectNoAxeViolations(page);
  });
});

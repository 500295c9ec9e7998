import type { Branch } from '@comanda/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  chainTimeText,
  expect,
  expectNoAxeViolations,
  loginApi,
  openBranchAllDayToday,
  seedCustomer,
  test,
} from './console-support';

// A branch its staff paused says until when on the menu's line and on a product page, and offers
// another branch taking orders, one tap away. On this worker's own server (its tests run in
// turn): Terminal 24h is paused, Campiña and Chicó opened all day today whatever the hour, and all
// of it undone afterwards.

async function pause(request: APIRequestContext, branch: Branch, minutes: number) {
  const staff = await loginApi(request, 'staff@comanda.test');
  const response = await request.put(`/api/staff/branches/${branch.id}/pause`, {
    headers: bearer(staff.access_token),
    data: { minutes },
  });
  expect(response.ok()).toBe(true);
}

/** The branch's answer once the list says it is paused: its `resumes_at`. */
async function pausedUntilText(request: APIRequestContext, branch: Branch): Promise<string> {
  let resumes: string | null = null;
  await expect
    .poll(async () => {
      const listed = (await (await request.get('/api/branch-office')).json()) as {
        results: Branch[];
      };
      resumes = listed.results.find((each) => each.id === branch.id)?.resumes_at ?? null;
      return resumes;
    })
    .not.toBeNull();
  return `Pausada hasta ${chainTimeText(resumes!).replace(/^a las/, 'las')}`;
}

async function withOpenBranches(request: APIRequestContext, run: () => Promise<void>) {
  const reopen = [
    await openBranchAllDayToday(request, await branchBySlug(request, 'campina')),
    await openBranchAllDayToday(request, await branchBySlug(request, 'chico')),
  ];
  try {
    await run();
  } finally {
    for (const undo of reopen) await undo();
  }
}

const deliveryLine = (page: Page) => page.getByRole('region', { name: 'Tu entrega' });

test('a paused pickup branch says until when and offers the nearest open one, one tap away', async ({
  page,
  request,
}) => {
  const terminal = await branchBySlug(request, 'terminal-24h');
  await page.setViewportSize({ width: 360, height: 740 });
  await withOpenBranches(request, async () => {
    await pause(request, terminal, 30);
    try {
      const until = await pausedUntilText(request, terminal);
      await seedCustomer(page, null, terminal);
      await page.goto('/menu');
      const line = deliveryLine(page);
      await expect(line).toContainText(`Recoger en ${terminal.title}`);
      await expect(line).toContainText(until);
      // Chicó is nearer Terminal 24h than Campiña, which the list gives first.
      await expect(line).toContainText('Chicó sí recibe pedidos · listo en');
      await page.screenshot({ path: 'test-results/screens/menu-paused-branch-360.png' });
      await expectNoAxeViolations(page);

      await page.goto('/producto/hamburguesa-clasica');
      await expect(line).toContainText(until);
      await line.getByRole('button', { name: 'Cambiar a Chicó' }).click();
      await expect(line).toHaveCount(0);
      await page.goto('/menu');
      await expect(line).toContainText(/Recoger en Chicó · listo en \d+/);
      await expect(line).not.toContainText('Pausada');
    } finally {
      await pause(request, terminal, 0);
    }
  });
});

test('a paused delivery branch offers one that reaches the same neighbourhood', async ({
  page,
  request,
}) => {
  const terminal = await branchBySlug(request, 'terminal-24h');
  const chico = await branchBySlug(request, 'chico');
  // The demo's branches share no neighbourhood: Chicó reaches one of Terminal 24h's for the test.
  const shared = terminal.delivery.neighbourhoods[0]!;
  const removeZone = await addZone(request, chico, shared);
  try {
    await pausedDelivery(page, request, terminal, shared, chico);
  } finally {
    await removeZone();
  }
});

/** Chicó's zones plus `neighbourhood`, through the admin API; answers the undo. */
async function addZone(request: APIRequestContext, branch: Branch, neighbourhood: string) {
  const admin = await loginApi(request, 'admin@comanda.test');
  const url = `/api/admin/branches/${branch.id}/zones`;
  const headers = bearer(admin.access_token);
  const before = branch.delivery.zones.map(
    ({ neighbourhood, fee, min_order, delivery_minutes }) => ({
      neighbourhood,
      fee,
      min_order,
      delivery_minutes,
    }),
  );
  const save = (zones: typeof before) => request.put(url, { headers, data: { zones } });
  expect(
    (await save([...before, { neighbourhood, fee: 0, min_order: 0, delivery_minutes: 20 }])).ok(),
  ).toBe(true);
  return async () => {
    expect((await save(before)).ok()).toBe(true);
  };
}

async function pausedDelivery(
  page: Page,
  request: APIRequestContext,
  terminal: Branch,
  shared: string,
  other: Branch,
) {
  await page.setViewportSize({ width: 360, height: 740 });
  await withOpenBranches(request, async () => {
    await pause(request, terminal, 30);
    try {
      const until = await pausedUntilText(request, terminal);
      await page.goto('/favicon.svg');
      await page.evaluate(
        ({ branch, neighbourhood }) => {
          localStorage.setItem(
            'storage',
            JSON.stringify({
              access_token: null,
              user: null,
              loggedIn: false,
              branch,
              delivery: 'domicilio',
              cart: [],
            }),
          );
          localStorage.setItem(
            'comanda:delivery-to',
            JSON.stringify({ neighbourhood, address_id: null }),
          );
        },
        { branch: terminal, neighbourhood: shared },
      );
      await page.goto('/menu');
      const line = deliveryLine(page);
      await expect(line).toContainText(`Domicilio a ${shared}`);
      await expect(line).toContainText(until);
      await expect(line).toContainText(`${other.title} sí recibe pedidos · te lo lleva en`);
      const offer = line.getByRole('button', { name: `Cambiar a ${other.title}` });
      await page.screenshot({ path: 'test-results/screens/menu-paused-delivery-360.png' });
      await expectNoAxeViolations(page);
      await offer.click();
      await expect(line).toContainText(`Domicilio a ${shared}`);
      await expect(line).not.toContainText('Pausada');
      await expect(line.getByRole('button', { name: /^Cambiar a / })).toHaveCount(0);
      const stored = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('storage') ?? '{}') as {
            branch?: { title: string };
            delivery?: unknown;
          },
      );
      expect(stored.branch?.title).toBe(other.title);
      expect(stored.delivery).toBe('domicilio');
    } finally {
      await pause(request, terminal, 0);
    }
  });
}

test('the offer the server drew stays on screen while its code is still on its way', async ({
  page,
  request,
}) => {
  const terminal = await branchBySlug(request, 'terminal-24h');
  await withOpenBranches(request, async () => {
    await pause(request, terminal, 30);
    try {
      await seedCustomer(page, null, terminal);
      // The offer's chunk comes late: the page draws itself again meanwhile (its cart bar, once
      // the promotions answer), which must leave the server's offer where it is.
      await page.route('**/assets/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('sí recibe pedidos')) await page.waitForTimeout(1_500);
        await route.fulfill({ response, body });
      });
      await page.addInitScript(() => {
        const seen = globalThis as unknown as { offerRemoved?: boolean };
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.removedNodes)
              if (node.textContent?.includes('sí recibe pedidos')) seen.offerRemoved = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/category/hamburguesas');
      const line = deliveryLine(page);
      await expect(line).toContainText('sí recibe pedidos');
      await expect(line.getByRole('button', { name: /^Cambiar a / })).toBeEnabled();
      await page.waitForLoadState('networkidle');
      const removed = await page.evaluate(
        () => (globalThis as unknown as { offerRemoved?: boolean }).offerRemoved ?? false,
      );
      expect(removed).toBe(false);
    } finally {
      await pause(request, terminal, 0);
    }
  });
});

import {
  ADMIN_MESSAGES,
  type AdminBanner,
  type AdminBranch,
  type StaffMember,
} from '@comanda/shared';
import type { APIRequestContext } from '@playwright/test';
import {
  bearer,
  branchBySlug,
  expect,
  expectNoAxeViolations,
  loginApi,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// Two admins on one record: the branch's Datos and a staff account. The second save is refused
// (409, nothing saved) and the form shows both versions: what only the other admin changed is
// taken, what both changed is the admin's choice, field by field. Runs on the console specs' own
// server and puts the branch back as it was.

/** An admin list's rows, as the back office reads them. */
async function adminList<T>(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(path, { headers: bearer(token) });
  return ((await response.json()) as { results: T[] }).results;
}

async function adminBranch(request: APIRequestContext, token: string, id: number) {
  return (await adminList<AdminBranch>(request, token, '/api/admin/branches')).find(
    (b) => b.id === id,
  )!;
}

const branchBody = (branch: AdminBranch) => ({
  title: branch.title,
  address: branch.address,
  phone: branch.phone,
  city: branch.city,
  pickup_available: branch.pickup_available,
  delivery_available: branch.delivery_available,
  prep_minutes: branch.prep_minutes,
  version: branch.version,
});

test("a branch's Datos saved by two admins: the second chooses field by field and loses nothing", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const { id } = await branchBySlug(request, 'campina');
  const original = await adminBranch(request, token, id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto(`/panel/admin/sedes/${id}/datos`);
  await expect(page.getByLabel('Dirección')).toHaveValue(original.address);

  // This admin changes the address and the phone…
  await page.getByLabel('Dirección').fill('Calle 10 # 5-21, local 2');
  await page.getByLabel('Teléfono').fill('3001112233');
  // …while another one saves a different address and a new city.
  const other = await request.put(`/api/admin/branches/${id}`, {
    headers: bearer(token),
    data: { ...branchBody(original), address: 'Carrera 7 # 12-40', city: 'Tunja centro' },
  });
  expect(other.ok()).toBe(true);

  await page.getByRole('button', { name: 'Guardar datos' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(
    'Ya está al día con lo que solo la otra persona cambió: Ciudad.',
  );
  // What only the other admin changed is in the form already.
  await expect(page.getByLabel('Ciudad')).toHaveValue('Tunja centro');
  const address = choice.getByRole('group', { name: 'Dirección' });
  await expect(
    address.getByRole('radio', { name: /Lo tuyo.*Calle 10 # 5-21, local 2/ }),
  ).toBeChecked();
  await expect(choice.getByRole('group')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: 'test-results/screens/admin-conflict-branch-1280.png',
    fullPage: true,
  });
  // Nothing was saved by the refused attempt.
  expect((await adminBranch(request, token, id)).phone).toBe(original.phone);

  await address.getByRole('radio', { name: /Lo que guardó la otra persona/ }).check();
  await choice.getByRole('button', { name: 'Usar lo elegido' }).click();
  await expect(choice).toBeHidden();
  await expect(page.getByLabel('Dirección')).toHaveValue('Carrera 7 # 12-40');
  await expect(page.getByLabel('Ciudad')).toHaveValue('Tunja centro');
  await expect(page.getByLabel('Teléfono')).toHaveValue('3001112233');

  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos guardados.')).toBeVisible();
  const saved = await adminBranch(request, token, id);
  expect([saved.address, saved.city, saved.phone]).toEqual([
    'Carrera 7 # 12-40',
    'Tunja centro',
    '3001112233',
  ]);

  // A later save is made over the version this one wrote: no conflict.
  await page.getByLabel('Teléfono').fill('3001112244');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect.poll(async () => (await adminBranch(request, token, id)).phone).toBe('3001112244');
  await expect(choice).toBeHidden();

  const latest = await adminBranch(request, token, id);
  const restored = await request.put(`/api/admin/branches/${id}`, {
    headers: bearer(token),
    data: branchBody({ ...original, version: latest.version }),
  });
  expect(restored.ok()).toBe(true);
});

test("a staff account saved by two admins: keeping all of this one's changes saves them over the other", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const staff = (await adminList<StaffMember>(request, token, '/api/admin/staff')).find(
    (member) => member.role === 'staff' && member.active,
  )!;
  await page.setViewportSize({ width: 390, height: 844 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto(`/panel/admin/personal/${staff.id}`);
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(staff.name);

  await page.getByLabel('Nombre', { exact: true }).fill(`${staff.name} Ríos`);
  const other = await request.put(`/api/admin/staff/${staff.id}`, {
    headers: bearer(token),
    data: {
      name: `${staff.name} Gómez`,
      email: staff.email,
      phone: staff.phone,
      role: staff.role,
      branch_ids: staff.branch_ids,
      version: staff.version,
    },
  });
  expect(other.ok()).toBe(true);

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice.getByRole('group', { name: 'Nombre' })).toContainText(`${staff.name} Gómez`);
  await page.screenshot({
    path: 'test-results/screens/admin-conflict-staff-390.png',
    fullPage: true,
  });
  await choice.getByRole('button', { name: 'Quedarme con lo mío' }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  const after = (
    (await (await request.get('/api/admin/staff', { headers: bearer(token) })).json()) as {
      results: StaffMember[];
    }
  ).results.find((member) => member.id === staff.id)!;
  expect(after.name).toBe(`${staff.name} Ríos`);

  const restored = await request.put(`/api/admin/staff/${staff.id}`, {
    headers: bearer(token),
    data: {
      name: staff.name,
      email: staff.email,
      phone: staff.phone,
      role: staff.role,
      branch_ids: staff.branch_ids,
      version: after.version,
    },
  });
  expect(restored.ok()).toBe(true);
});

test("a branch's hours saved by two admins: day by day, the second keeps theirs where chosen", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const { id } = await branchBySlug(request, 'chico');
  const original = await adminBranch(request, token, id);
  const week = (opens: Record<number, string>) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      opens: opens[weekday] ?? '10:00',
      closes: '22:00',
    }));
  const putHours = async (hours: unknown, version: number) => {
    const response = await request.put(`/api/admin/branches/${id}/hours`, {
      headers: bearer(token),
      data: { hours, version },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await putHours(week({}), original.version);

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto(`/panel/admin/sedes/${id}/horario`);
  await expect(page.getByRole('heading', { level: 2, name: 'Lunes' })).toBeVisible();

  // This admin opens Monday and Tuesday earlier…
  await page.getByLabel('Lunes, horario 1: Abre').fill('08:00');
  await page.getByLabel('Martes, horario 1: Abre').fill('09:00');
  // …while another one saves Monday and Wednesday later.
  await putHours(week({ 1: '11:00', 3: '12:00' }), (await adminBranch(request, token, id)).version);

  await page.getByRole('button', { name: 'Guardar horario' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(
    'Ya está al día con lo que solo la otra persona cambió: Miércoles.',
  );
  await expect(page.getByLabel('Miércoles, horario 1: Abre')).toHaveValue('12:00');
  const monday = choice.getByRole('group', { name: 'Lunes' });
  await expect(monday.getByRole('radio', { name: /Lo tuyo.*08:00 a 22:00/ })).toBeChecked();
  await expect(monday).toContainText('11:00 a 22:00');
  await expect(choice.getByRole('group')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: 'test-results/screens/admin-conflict-hours-1280.png',
    fullPage: true,
  });

  await monday.getByRole('radio', { name: /Lo que guardó la otra persona/ }).check();
  await choice.getByRole('button', { name: 'Usar lo elegido' }).click();
  await expect(choice).toBeHidden();
  await page.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(page.getByText('Horario guardado.')).toBeVisible();
  const saved = await adminBranch(request, token, id);
  expect([1, 2, 3].map((day) => saved.hours.find((h) => h.weekday === day)?.opens)).toEqual([
    '11:00',
    '09:00',
    '12:00',
  ]);

  await putHours(original.hours, saved.version);
});

test("a branch's zones saved by two admins: row by row, rows only one changed are kept, the rest chosen", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const { id } = await branchBySlug(request, 'chico');
  const original = await adminBranch(request, token, id);
  const zone = (neighbourhood: string, fee: number) => ({
    neighbourhood,
    fee,
    min_order: 20000,
    delivery_minutes: 30,
  });
  const putZones = async (zones: unknown, version: number) => {
    const response = await request.put(`/api/admin/branches/${id}/zones`, {
      headers: bearer(token),
      data: { zones, version },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await putZones([zone('Alcázares', 4000), zone('Bosque', 5000)], original.version);

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto(`/panel/admin/sedes/${id}/zonas`);
  await expect(page.getByLabel('Barrio o zona').first()).toHaveValue('Alcázares');

  // This admin raises Alcázares's fee and adds Usaquén…
  await page.getByLabel('Costo del domicilio ($)').first().fill('4500');
  await page.getByRole('button', { name: '+ Agregar zona' }).click();
  await page.getByLabel('Barrio o zona').last().fill('Usaquén');
  // …while another one sets Alcázares's fee to 6000, drops Bosque and adds Cedritos.
  await putZones(
    [zone('Alcázares', 6000), zone('Cedritos', 7000)],
    (await adminBranch(request, token, id)).version,
  );

  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(
    'Ya está al día con lo que solo la otra persona cambió: Bosque, Cedritos.',
  );
  const alcazares = choice.getByRole('group', { name: 'Alcázares' });
  await expect(alcazares.getByRole('radio', { name: /Lo tuyo.*Envío \$4\.500/ })).toBeChecked();
  await expect(alcazares).toContainText('Envío $6.000');
  await expect(choice.getByRole('group')).toHaveCount(1);
  await expect(page.getByLabel('Barrio o zona')).toHaveCount(3);
  await expectNoAxeViolations(page);

  await alcazares.getByRole('radio', { name: /Lo que guardó la otra persona/ }).check();
  await choice.getByRole('button', { name: 'Usar lo elegido' }).click();
  await expect(choice).toBeHidden();
  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  await expect(page.getByText('Zonas guardadas.')).toBeVisible();
  const saved = await adminBranch(request, token, id);
  expect(saved.zones.map((z) => [z.neighbourhood, z.fee]).sort()).toEqual([
    ['Alcázares', 6000],
    ['Cedritos', 7000],
    ['Usaquén', 0],
  ]);

  await putZones(
    original.zones.map(({ neighbourhood, fee, min_order, delivery_minutes }) => ({
      neighbourhood,
      fee,
      min_order,
      delivery_minutes,
    })),
    saved.version,
  );
});

test("a branch's scheduled capacity saved by two admins: the second takes the other's limit", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const { id } = await branchBySlug(request, 'chico');
  const original = await adminBranch(request, token, id);
  await page.setViewportSize({ width: 390, height: 844 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto(`/panel/admin/sedes/${id}/datos`);
  const orders = page.getByLabel('Pedidos por franja de 15 minutos');
  await expect(orders).toBeVisible();

  await orders.fill('7');
  const other = await request.put(`/api/admin/branches/${id}/capacity`, {
    headers: bearer(token),
    data: { orders_per_slot: 9, units_per_slot: 40, version: original.version },
  });
  expect(other.ok(), await other.text()).toBe(true);

  await page.getByRole('button', { name: 'Guardar capacidad' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice).toBeVisible();
  // The units only the other admin set are taken; the orders both set are asked about.
  await expect(page.getByLabel('Productos por franja de 15 minutos')).toHaveValue('40');
  const row = choice.getByRole('group', { name: 'Pedidos por franja de 15 minutos' });
  await expect(row).toContainText('9');
  await row.getByRole('radio', { name: /Lo que guardó la otra persona/ }).check();
  await choice.getByRole('button', { name: 'Usar lo elegido' }).click();
  await expect(orders).toHaveValue('9');
  await page.getByRole('button', { name: 'Guardar capacidad' }).click();
  await expect(page.getByText('Capacidad guardada.')).toBeVisible();
  const saved = await adminBranch(request, token, id);
  expect([saved.orders_per_slot, saved.units_per_slot]).toEqual([9, 40]);

  const restored = await request.put(`/api/admin/branches/${id}/capacity`, {
    headers: bearer(token),
    data: {
      orders_per_slot: original.orders_per_slot,
      units_per_slot: original.units_per_slot,
      version: saved.version,
    },
  });
  expect(restored.ok()).toBe(true);
});

test("a banner saved by two admins: keeping this one's title over the other's, with their date", async ({
  page,
  request,
}) => {
  const admin = await loginApi(request, 'admin@comanda.test');
  const token = admin.access_token;
  const banner = (await adminList<AdminBanner>(request, token, '/api/admin/banners'))[0]!;
  const put = async (data: object) => {
    const response = await request.put(`/api/admin/banners/${banner.id}`, {
      headers: bearer(token),
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { results: AdminBanner }).results;
  };
  const body = (b: AdminBanner) => ({
    title: b.title,
    image: b.image,
    active_from: b.active_from,
    active_to: b.active_to,
    active: b.active,
    version: b.version,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedPanelSession(page, admin, (await terminalBranch(request)).id);
  await page.goto('/panel/admin/contenido/banners');
  await page
    .getByRole('list', { name: 'Banners' })
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: 'Editar' })
    .click();
  await page.getByLabel('Título').fill(`${banner.title} hoy`);
  await put({ ...body(banner), title: `${banner.title} siempre`, active_to: '2099-12-31' });

  await page.getByRole('button', { name: 'Guardar banner' }).click();
  const choice = page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.conflict });
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(
    'Ya está al día con lo que solo la otra persona cambió: Se ve hasta.',
  );
  await expect(choice.getByRole('group', { name: 'Título' })).toContainText(
    `${banner.title} siempre`,
  );
  await choice.getByRole('button', { name: 'Quedarme con lo mío' }).click();
  await expect(choice).toBeHidden();
  await page.getByRole('button', { name: 'Guardar banner' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Banner «${banner.title} hoy» guardado.` }),
  ).toBeVisible();
  const saved = (await adminList<AdminBanner>(request, token, '/api/admin/banners')).find(
    (b) => b.id === banner.id,
  )!;
  expect([saved.title, saved.active_to]).toEqual([`${banner.title} hoy`, '2099-12-31']);

  await put({ ...body(banner), version: saved.version });
});

import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  SESSION_MESSAGES,
  STAFF_MESSAGES,
  staffListResponse,
  weakPasswordMessage,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';
import { connected, disconnected, listen, openSocket } from '../../helpers/sockets';

let t: TestApp;
let url: string;
let admin: string;
let campina: number;
let chico: number;
const sockets: Socket[] = [];
const PASSWORD = 'pan de bono caliente';

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  url = await listen(t.app);
  admin = await login(t.app, 'admin@comanda.test');
  campina = (await branchBySlug(t.database, 'campina')).id;
  chico = (await branchBySlug(t.database, 'chico')).id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

let counter = 0;
const fresh = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Cajera ${counter}`,
    email: `cajera${counter}@sede.co`,
    phone: `31${String(Date.now() + counter).slice(-8)}`,
    role: 'staff',
    branch_ids: [campina],
    password: PASSWORD,
    ...overrides,
  };
};
const send = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, token = admin) =>
  t.app.inject({
    method,
    url: `/api/admin/staff${path}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (overrides: Record<string, unknown> = {}) => {
  const body = fresh(overrides);
  const res = await send('POST', '', body);
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json().results, password: body.password } as {
    id: number;
    email: string;
    password: string;
    name: string;
    phone: string;
  };
};
const me = (token: string) => t.app.inject({ url: '/api/staff/me', headers: bearer(token) });
/** Every account and branch link, and the change log's size: what "nothing changed" compares. */
const state = async () => ({
  users: await t.database.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'role', 'password_hash', 'deactivated_at'])
    .orderBy('id')
    .execute(),
  links: await t.database.db
    .selectFrom('staff_branches')
    .selectAll()
    .orderBy('user_id')
    .orderBy('branch_id')
    .execute(),
  audit: (await t.database.db.selectFrom('audit_log').select('id').execute()).length,
});
const lastAudit = async () =>
  (await t.app.inject({ url: '/api/admin/audit?entity=staff', headers: bearer(admin) })).json()
    .results[0];

describe('listing', () => {
  it('lists staff and admins with their branches, never customers', async () => {
    const res = await send('GET', '');
    expect(res.statusCode).toBe(200);
    // Names, emails and phones of the staff: no cache between here and the console keeps them.
    expect(res.headers['cache-control']).toBe('no-store');
    const list = staffListResponse.parse(res.json()).results;
    const emails = list.map((m) => m.email);
    expect(emails).toEqual(
      expect.arrayContaining(['admin@comanda.test', 'staff@comanda.test', 'campina@comanda.test']),
    );
    expect(emails).not.toContain('cliente@comanda.test');
    expect(list.find((m) => m.email === 'campina@comanda.test')).toMatchObject({
      role: 'staff',
      branch_ids: [campina],
      active: true,
    });
    expect(list.find((m) => m.email === 'admin@comanda.test')).toMatchObject({
      role: 'admin',
      branch_ids: [],
      active: true,
    });
  });
});

describe('creating accounts', () => {
  it('creates a staff account for one branch: it logs in and acts only there; the log keeps no password', async () => {
    const created = await create();
    const token = await login(t.app, created.email, created.password);
    expect((await me(token)).json().user).toMatchObject({ role: 'staff', branch_ids: [campina] });
    expect(
      (await t.app.inject({ url: `/api/staff/branches/${chico}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(403);

    const row = await lastAudit();
    expect(row).toMatchObject({
      action: 'create',
      entity: 'staff',
      entity_id: String(created.id),
      user: 'admin@comanda.test',
    });
    expect(row.summary).toContain(created.name);
    expect(row.summary).toContain('Campiña');
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toMatch(/argon|password/i);
  });

  it('creates an admin (no branches needed)', async () => {
    const created = await create({ role: 'admin', branch_ids: [] });
    const token = await login(t.app, created.email, created.password);
    expect((await me(token)).json().user).toMatchObject({ role: 'admin', branch_ids: [] });
  });

  it('refuses bad input with Spanish field errors and creates nothing', async () => {
    const before = await state();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { name: '', email: 'no-es-email', phone: '12ab' },
        {
          name: [ACCOUNT_MESSAGES.nameRequired],
          email: [ACCOUNT_MESSAGES.emailInvalid],
          phone: [ACCOUNT_MESSAGES.phoneInvalid],
        },
      ],
      [{ password: 'corta' }, { password: [ACCOUNT_MESSAGES.passwordShortStaff] }],
      [{ branch_ids: [] }, { branch_ids: [STAFF_MESSAGES.branches] }],
      [{ role: 'customer' }, { role: [STAFF_MESSAGES.role] }],
    ];
    for (const [overrides, errors] of cases) {
      const res = await send('POST', '', fresh(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    // What only the server knows: taken email and phone, the password lists, branches that do not exist.
    const taken = await send(
      'POST',
      '',
      fresh({ email: 'CLIENTE@comanda.test', phone: '3007654322' }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({
      email: [ACCOUNT_MESSAGES.emailTaken],
      phone: [ACCOUNT_MESSAGES.phoneTaken],
    });
    const guessable = await send('POST', '', fresh({ password: 'comanda2025!!' }));
    expect(guessable.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordGuessable] });
    const common = await send('POST', '', fresh({ password: 'password1234' }));
    expect(common.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordCommon] });
    const unknown = await send('POST', '', fresh({ branch_ids: [campina, 999_999] }));
    expect(unknown.json().errors).toEqual({ branch_ids: [STAFF_MESSAGES.branchUnknown] });
    expect(await state()).toEqual(before);
  });

  it('refuses an admin or staff account with a password long enough but weak by its strength, creating nothing', async () => {
    const before = await state();
    // Twelve characters or more and in no list, yet a handful of guesses each.
    for (const role of ['admin', 'staff'] as const) {
      const weak = [
        ['aaaaaaaaaaaa', 'repeat'],
        ['111111111111', 'repeat'],
        ['comandacomanda', 'repeat'],
        ['abcdefghijklmn', 'sequence'],
      ] as const;
      for (const [password, weakness] of weak) {
        const res = await send(
          'POST',
          '',
          fresh({ role, branch_ids: role === 'admin' ? [] : [campina], password }),
        );
        expect(res.statusCode, `${role} ${password}`).toBe(400);
        expect(res.json().errors, `${role} ${password}`).toEqual({
          password: [weakPasswordMessage(role, weakness)],
        });
      }
      // Good enough for a customer, not for someone who sees every customer's orders.
      const twoWords = await send(
        'POST',
        '',
        fresh({ role, branch_ids: role === 'admin' ? [] : [campina], password: 'caballo-azul' }),
      );
      expect(twoWords.json().errors).toEqual({ password: [weakPasswordMessage(role, 'words')] });
    }
    // The account's own name counts as a word an attacker knows.
    const own = await send(
      'POST',
      '',
      fresh({ name: 'Yesenia Cardona', password: 'yeseniacardona' }),
    );
    expect(own.json().errors).toEqual({ password: [weakPasswordMessage('staff', 'personal')] });
    expect(await state()).toEqual(before);
  });
});

describe('editing accounts', () => {
  it('moves staff to other branches: the change is logged and their sessions end (their rooms changed)', async () => {
    const created = await create();
    const token = await login(t.app, created.email, created.password);
    const res = await send('PUT', `/${created.id}`, {
      name: created.name,
      email: created.email,
      phone: created.phone,
      role: 'staff',
      branch_ids: [chico, campina],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({
      branch_ids: [campina, chico].sort((a, b) => a - b),
    });
    expect((await me(token)).statusCode).toBe(401);
    const again = await login(t.app, created.email, created.password);
    expect((await me(again)).json().user.branch_ids).toEqual(
      [campina, chico].sort((a, b) => a - b),
    );
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'update', before: { branch_ids: [campina] } });
  });

  it('a new phone only: the sessions stay', async () => {
    const created = await create();
    const token = await login(t.app, created.email, created.password);
    const res = await send('PUT', `/${created.id}`, {
      name: 'Nuevo nombre',
      email: created.email,
      phone: '3129998877',
      role: 'staff',
      branch_ids: [campina],
    });
    expect(res.json().results).toMatchObject({ name: 'Nuevo nombre', phone: '3129998877' });
    expect((await me(token)).statusCode).toBe(200);
    // The login did not change: nobody is told anything.
    expect((await t.app.mail.list(1000)).filter((m) => m.to_address === created.email)).toEqual([]);
  });

  it('a new email: the address it had is told, naming the new one', async () => {
    const created = await create();
    const next = `nuevo-${created.email}`;
    const res = await send('PUT', `/${created.id}`, {
      name: created.name,
      email: next,
      phone: created.phone,
      role: 'staff',
      branch_ids: [campina],
    });
    expect(res.statusCode, res.body).toBe(200);
    const notices = (await t.app.mail.list(1000)).filter((m) => m.to_address === created.email);
    expect(notices.map((m) => m.subject)).toEqual([
      'El email de tu cuenta de La Brasa Dorada cambió',
    ]);
    expect(notices[0]!.text_body).toContain(next);
  });

  it('refuses another account’s email, and a customer’s id is not found', async () => {
    const created = await create();
    const before = await state();
    const res = await send('PUT', `/${created.id}`, {
      name: 'X',
      email: 'staff@comanda.test',
      phone: created.phone,
      role: 'staff',
      branch_ids: [campina],
    });
    expect(res.json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
    const customer = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow();
    const missing = await send('PUT', `/${customer.id}`, {
      name: 'X',
      email: 'x@y.co',
      phone: '3111111111',
      role: 'staff',
      branch_ids: [campina],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(STAFF_MESSAGES.notFound);
    expect((await send('POST', `/${customer.id}/deactivate`)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });
});

describe('passwords', () => {
  it('an admin sets a new password: every session ends, the old password fails, the new one works', async () => {
    const created = await create();
    const [a, b] = [
      await login(t.app, created.email, created.password),
      await login(t.app, created.email, created.password),
    ];
    const next = 'arepa con queso derretido';
    const res = await send('POST', `/${created.id}/password`, { password: next });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: created.email, password_login: created.password },
    });
    expect(old.statusCode).toBe(400);
    await login(t.app, created.email, next);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'reset_password', entity_id: String(created.id) });
    expect(JSON.stringify(row)).not.toContain(next);
    // The account hears of it by email, without the password.
    const notices = (await t.app.mail.list(1000)).filter(
      (mail) => mail.to_address === created.email,
    );
    expect(notices.map((mail) => mail.subject)).toEqual([
      'Tu contraseña de La Brasa Dorada cambió',
    ]);
    expect(notices[0]!.text_body).toContain('Un administrador puso una contraseña nueva');
    expect(notices[0]!.text_body).not.toContain(next);
  });

  it('refuses a weak one and changes nothing', async () => {
    const created = await create();
    const before = await state();
    const res = await send('POST', `/${created.id}/password`, { password: 'corta' });
    expect(res.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordShortStaff] });
    const own = await send('POST', `/${created.id}/password`, { password: `${created.email}!!` });
    expect(own.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordGuessable] });
    const repeated = await send('POST', `/${created.id}/password`, { password: '111111111111' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual({ password: [weakPasswordMessage('staff', 'repeat')] });
    expect(await state()).toEqual(before);
  });
});

describe('deactivating and reactivating', () => {
  it('a deactivated account’s token fails at once, its open console is disconnected, and it cannot log in', async () => {
    const created = await create();
    const token = await login(t.app, created.email, created.password);
    const socket = openSocket(url, token);
    sockets.push(socket);
    await connected(socket);
    const closed = disconnected(socket);

    const res = await send('POST', `/${created.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ active: false });
    expect(res.json().results.deactivated_at).toEqual(expect.any(String));
    expect((await me(token)).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: created.email, password_login: created.password },
    });
    expect(refused.json().message).toBe(SESSION_MESSAGES.accountDeactivated);
    expect(await lastAudit()).toMatchObject({
      action: 'deactivate',
      entity_id: String(created.id),
    });

    // Twice is once: no second row.
    const rows = (await state()).audit;
    expect((await send('POST', `/${created.id}/deactivate`)).statusCode).toBe(200);
    expect((await state()).audit).toBe(rows);

    const back = await send('POST', `/${created.id}/activate`);
    expect(back.json().results).toMatchObject({ active: true, deactivated_at: null });
    await login(t.app, created.email, created.password);
    expect(await lastAudit()).toMatchObject({ action: 'activate', entity_id: String(created.id) });
  });

  it('never leaves the chain without an active admin', async () => {
    // Only admin@ and any admins created above: deactivate every other admin first.
    const list = staffListResponse.parse((await send('GET', '')).json()).results;
    const me_ = list.find((m) => m.email === 'admin@comanda.test')!;
    for (const other of list.filter((m) => m.role === 'admin' && m.id !== me_.id && m.active)) {
      expect((await send('POST', `/${other.id}/deactivate`)).statusCode).toBe(200);
    }
    const before = await state();
    const self = await send('POST', `/${me_.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.lastAdmin);
    const demote = await send('PUT', `/${me_.id}`, {
      name: me_.name,
      email: me_.email,
      phone: me_.phone,
      role: 'staff',
      branch_ids: [campina],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(STAFF_MESSAGES.lastAdmin);
    expect(await state()).toEqual(before);
    expect((await me(admin)).statusCode).toBe(200);

    // With a second active admin, the second may be deactivated by the first... and back.
    const second = await create({ role: 'admin', branch_ids: [] });
    expect((await send('POST', `/${second.id}/deactivate`)).statusCode).toBe(200);
    expect((await send('POST', `/${second.id}/activate`)).statusCode).toBe(200);
    // ...and now the first can be demoted by the second: one active admin remains.
    const secondToken = await login(t.app, second.email, second.password);
    const demoted = await send(
      'PUT',
      `/${me_.id}`,
      { name: me_.name, email: me_.email, phone: me_.phone, role: 'staff', branch_ids: [campina] },
      secondToken,
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await me(admin)).statusCode).toBe(401);
    const last = await send('POST', `/${second.id}/deactivate`, undefined, secondToken);
    expect(last.statusCode).toBe(409);
    // Restore admin@ for anything after this.
    expect(
      (
        await send(
          'PUT',
          `/${me_.id}`,
          { name: me_.name, email: me_.email, phone: me_.phone, role: 'admin', branch_ids: [] },
          secondToken,
        )
      ).statusCode,
    ).toBe(200);
    admin = await login(t.app, 'admin@comanda.test');
  });
});

describe('who may', () => {
  it('staff and customers get 403 on every call, nobody 401, and nothing changes', async () => {
    const target = await create();
    const before = await state();
    const calls: [Parameters<typeof send>[0], string, unknown][] = [
      ['GET', '', undefined],
      ['POST', '', fresh()],
      ['PUT', `/${target.id}`, { ...fresh(), password: undefined }],
      ['POST', `/${target.id}/password`, { password: 'una nueva de muchas letras' }],
      ['POST', `/${target.id}/deactivate`, undefined],
      ['POST', `/${target.id}/activate`, undefined],
    ];
    for (const email of ['campina@comanda.test', 'cliente@comanda.test']) {
      const token = await login(t.app, email);
      for (const [method, path, body] of calls) {
        const res = await send(method, path, body, token);
        expect(res.statusCode, `${email} ${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.forbidden });
      }
    }
    for (const [method, path, body] of calls) {
      const res = await t.app.inject({
        method,
        url: `/api/admin/staff${path}`,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode).toBe(401);
    }
    const after = await state();
    // Logging in is not a change: compare the accounts, links and log.
    expect(after).toEqual(before);
  });
});

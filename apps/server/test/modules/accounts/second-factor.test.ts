import { type StaffMember, SERVER_MESSAGES } from '@comanda/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../helpers/app';

// A fixed clock: codes are computed for known instants, and the 30-second steps do not roll
// over in the middle of a test. The app's clock is set to it (it runs on from there, but Date is
// faked and stands still, so it stands still too).
const START = new Date('2026-03-02T15:00:10.000Z').getTime();
let clock = START;
const tick = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
  t.clock.set(clock);
};

const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

let t: TestApp;
beforeAll(async () => {
  // This suite logs in many times; the limits have their own test at the end.
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 1000, AUTH_RATE_LIMIT_PER_IP: 1000 });
});
afterAll(() => t.close());

/** The outbox's messages to an address, newest first. */
const mailTo = async (email: string) =>
  (await t.app.mail.list(1000)).filter((message) => message.to_address === email);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  t.clock.set(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const staffLogin = (email: string, password = DEMO_PASSWORD) =>
  post('/api/login/staff', { email_login: email, password_login: password });

/** A new staff account's first password (the staff rules ask for 12 characters or more). */
const STAFF_PASSWORD = 'cocina-turno-largo';

/** Logs in through the console's first step; answers the session token (no factor yet). */
async function passwordSession(email: string, password = DEMO_PASSWORD) {
  const answer = await staffLogin(email, password);
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  expect(body.access_token).toEqual(expect.any(String));
  return body as { access_token: string; mfa_enrolment_required: boolean };
}

/** Enrols the factor with the session's own account; answers its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await post('/api/account/second-factor/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri } = setup.json();
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Comanda:/);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const confirmed = await post(
    '/api/account/second-factor/confirm',
    { code: codeAt(secret, clock) },
    token,
  );
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, recovery: confirmed.json().recovery_codes as string[] };
}

async function challenge(email: string): Promise<string> {
  const answer = await staffLogin(email);
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  expect(body).toEqual({ status: false, mfa_required: true, mfa_token: expect.any(String) });
  expect(body).not.toHaveProperty('access_token');
  return body.mfa_token;
}

describe('second factor for a staff member (optional by default)', () => {
  let secret = '';
  let campinaToken = '';
  let recovery: string[] = [];

  it('lets staff without the factor use the console, and refuses a wrong code at enrolment', async () => {
    const { access_token, mfa_enrolment_required } = await passwordSession('staff@comanda.test');
    expect(mfa_enrolment_required).toBe(false);
    expect((await get('/api/staff/branches', access_token)).statusCode).toBe(200);
    expect((await get('/api/account/second-factor', access_token)).json()).toEqual({
      enabled: false,
      required: false,
      grace_until: null,
      recovery_codes_left: 0,
    });

    const setup = await post('/api/account/second-factor/setup', {}, access_token);
    const wrong = await post(
      '/api/account/second-factor/confirm',
      { code: '000000' },
      access_token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['Código incorrecto']);
    // A code of the next step but one is outside the ±1 window.
    const far = codeAt(setup.json().secret, clock + 60_000);
    const late = await post('/api/account/second-factor/confirm', { code: far }, access_token);
    expect(late.statusCode).toBe(400);
    expect((await get('/api/account/second-factor', access_token)).json().enabled).toBe(false);
  });

  it('enrols with a code, answering ten recovery codes once, stored only as hashes', async () => {
    const { access_token } = await passwordSession('staff@comanda.test');
    ({ secret, recovery } = await enrol(access_token));
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await get('/api/account/second-factor', access_token)).json()).toEqual({
      enabled: true,
      required: false,
      grace_until: null,
      recovery_codes_left: 10,
    });
    const stored = await t.database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recovery.map((code) => code.replace(/-/g, ''))).not.toContain(code_hash);
    }
    // The session that enrolled passed the factor: it keeps working.
    expect((await get('/api/staff/branches', access_token)).statusCode).toBe(200);
    // And the account hears of it, codes not included.
    const [notice] = await mailTo('staff@comanda.test');
    expect(notice!.subject).toBe('Activaste la verificación en dos pasos en La Brasa Dorada');
    for (const code of recovery) expect(notice!.text_body).not.toContain(code);
    const again = await post('/api/account/second-factor/setup', {}, access_token);
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code after the password, with a token that is no session', async () => {
    tick(30_000);
    const mfa_token = await challenge('staff@comanda.test');
    expect((await get('/api/staff/branches', mfa_token)).statusCode).toBe(401);

    const wrong = await post('/api/login/totp', { mfa_token, code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código incorrecto');

    const right = await post('/api/login/totp', { mfa_token, code: codeAt(secret, clock) });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.email).toBe('staff@comanda.test');
    expect((await get('/api/staff/branches', right.json().access_token)).statusCode).toBe(200);

    // The token was spent with its login.
    const reused = await post('/api/login/totp', { mfa_token, code: codeAt(secret, clock) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors.mfa_token).toBeDefined();
  });

  it('refuses a code used before (replay), and an older one, in their window', async () => {
    const used = codeAt(secret, clock);
    const replay = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code: used,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Código incorrecto');

    // Ten seconds into the next step: the previous step's code is inside the window but older
    // than the last one accepted; the current one works.
    tick(30_000);
    const older = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code: codeAt(secret, clock - 30_000),
    });
    expect(older.statusCode).toBe(400);
    const current = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code: codeAt(secret, clock),
    });
    expect(current.statusCode).toBe(200);
  });

  it('accepts a code one step behind (a phone clock a little late)', async () => {
    tick(60_000);
    const behind = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code: codeAt(secret, clock - 30_000),
    });
    expect(behind.statusCode).toBe(200);
  });

  it('takes a recovery code instead of the app’s, once', async () => {
    const code = recovery[0]!.toUpperCase();
    const first = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code,
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/login/totp', {
      mfa_token: await challenge('staff@comanda.test'),
      code,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Código incorrecto');
    const token = first.json().access_token;
    expect((await get('/api/account/second-factor', token)).json().recovery_codes_left).toBe(9);
  });

  it('lets the code step’s token lapse after five minutes', async () => {
    const mfa_token = await challenge('staff@comanda.test');
    tick(5 * 60_000 + 1000);
    const lapsed = await post('/api/login/totp', { mfa_token, code: codeAt(secret, clock) });
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json().errors.mfa_token).toEqual([
      'Pasaron varios minutos desde que escribiste tu contraseña. Ingresa de nuevo.',
    ]);
  });

  it('sends the storefront login of an account with the factor to the console', async () => {
    const answer = await post('/api/login', {
      email_login: 'staff@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.email_login).toEqual([
      'Esta cuenta pide un código de verificación: ingresa desde el panel de sede.',
    ]);
    // The customer's login is as it was.
    const customer = await post('/api/login', {
      email_login: 'cliente@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    expect(customer.statusCode).toBe(200);
    expect(Object.keys(customer.json()).sort()).toEqual(['access_token', 'user']);
  });

  it('refuses staff routes to a session from before the enrolment (password only)', async () => {
    const { access_token } = await passwordSession('campina@comanda.test');
    expect((await get('/api/staff/branches', access_token)).statusCode).toBe(200);
    // Enrolled from another session: this one never passed the factor.
    const other = await passwordSession('campina@comanda.test');
    await enrol(other.access_token);
    campinaToken = other.access_token;
    const refused = await get('/api/staff/branches', access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Ingresa de nuevo con tu código de verificación.');
    // Its own account screens still answer: it can see where it stands.
    expect((await get('/api/account/second-factor', access_token)).statusCode).toBe(200);
  });

  it('turns the factor off with a code when the role does not require it', async () => {
    tick(30_000);
    const mfa_token = await challenge('staff@comanda.test');
    const session = await post('/api/login/totp', { mfa_token, code: codeAt(secret, clock) });
    const token = session.json().access_token;
    tick(30_000);
    const wrong = await post('/api/account/second-factor/disable', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    const off = await post(
      '/api/account/second-factor/disable',
      { code: codeAt(secret, clock) },
      token,
    );
    expect(off.statusCode).toBe(200);
    expect((await mailTo('staff@comanda.test'))[0]!.text_body).toContain(
      'Quitaste la verificación en dos pasos',
    );
    const plain = await passwordSession('staff@comanda.test');
    expect(plain.mfa_enrolment_required).toBe(false);
    // Enrolled again in the same half minute: the new secret's code is not refused as a replay.
    const again = await enrol(plain.access_token);
    tick(30_000);
    const offAgain = await post(
      '/api/account/second-factor/disable',
      { code: codeAt(again.secret, clock) },
      plain.access_token,
    );
    expect(offAgain.statusCode).toBe(200);
  });

  it('is forgotten by an admin’s reset (a lost phone), which ends the account’s sessions and is in the change log', async () => {
    const admin = (await passwordSession('admin@comanda.test')).access_token;
    const staff = (await get('/api/admin/staff', admin)).json().results as StaffMember[];
    const campina = staff.find((member) => member.email === 'campina@comanda.test')!;
    const { id, second_factor } = campina;
    expect(second_factor).toBe(true);

    const byStaff = await post(`/api/admin/staff/${id}/second-factor/reset`, {}, campinaToken);
    expect(byStaff.statusCode).toBe(403);
    const reset = await post(`/api/admin/staff/${id}/second-factor/reset`, {}, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().results.second_factor).toBe(false);
    expect((await get('/api/account/second-factor', campinaToken)).statusCode).toBe(401);
    expect(
      await t.database.db
        .selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', id)
        .execute(),
    ).toEqual([]);
    // The password alone logs in again (staff do not have to have it here).
    expect((await passwordSession('campina@comanda.test')).mfa_enrolment_required).toBe(false);
    const audit = await get('/api/admin/audit', admin);
    expect(audit.json().results[0]).toMatchObject({
      action: 'reset_second_factor',
      entity: 'staff',
      summary: expect.stringContaining('Quitó la verificación en dos pasos de Equipo Campiña'),
    });
    expect((await mailTo('campina@comanda.test'))[0]!.text_body).toContain(
      'Un administrador quitó la verificación en dos pasos',
    );
    const again = await post(`/api/admin/staff/${id}/second-factor/reset`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'La verificación en dos pasos no está activa en esta cuenta.',
    );
  });

  it('is not for customers', async () => {
    const customer = await post('/api/login', {
      email_login: 'cliente@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    const setup = await post('/api/account/second-factor/setup', {}, customer.json().access_token);
    expect(setup.statusCode).toBe(403);
    expect(setup.json().message).toBe(
      'La verificación en dos pasos es solo para cuentas del personal.',
    );
  });
});

describe('the chain’s requirement', () => {
  let adminSecret = '';
  it('makes an admin without the factor enrol before any admin or staff route, recorded in the change log', async () => {
    const { access_token } = await passwordSession('admin@comanda.test');
    expect((await get('/api/admin/security', access_token)).json()).toEqual({
      second_factor_admins: false,
      second_factor_staff: false,
      second_factor_staff_branch_ids: [],
      second_factor_staff_grace_until: null,
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { second_factor_admins: true, second_factor_staff: false },
    });
    expect(changed.statusCode).toBe(200);

    // From now on the admin's password-only session may not act, nor may a new one.
    for (const url of ['/api/admin/audit', '/api/staff/branches', '/api/admin/security']) {
      const refused = await get(url, access_token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Activa la verificación en dos pasos para usar el panel.',
      );
    }
    const fresh = await passwordSession('admin@comanda.test');
    expect(fresh.mfa_enrolment_required).toBe(true);
    expect((await get('/api/account/second-factor', fresh.access_token)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    const { secret } = await enrol(fresh.access_token);
    adminSecret = secret;
    const audit = await get('/api/admin/audit', fresh.access_token);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().results[0]).toMatchObject({
      entity: 'security',
      summary: 'Verificación en dos pasos: administración obligatoria',
    });
    // A required factor cannot be turned off.
    tick(30_000);
    const off = await post(
      '/api/account/second-factor/disable',
      { code: codeAt(secret, clock) },
      fresh.access_token,
    );
    expect(off.statusCode).toBe(409);
  });

  let adminToken = '';
  const put = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      headers: { authorization: `Bearer ${adminToken}` },
      payload,
    });
  // Started 2026-03-02 at 10:00 in Bogotá: seven of the chain's days on, its midnight.
  const GRACE_END = '2026-03-09T05:00:00.000Z';

  it('asks staff without stopping their open consoles: a grace to the chain’s midnight seven days on, a new login enrols now', async () => {
    const staff = await passwordSession('staff@comanda.test');
    expect(staff.mfa_enrolment_required).toBe(false);
    tick(30_000);
    const admin = await post('/api/login/totp', {
      mfa_token: await challenge('admin@comanda.test'),
      code: codeAt(adminSecret, clock),
    });
    adminToken = admin.json().access_token;
    const changed = await put({ second_factor_admins: true, second_factor_staff: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      second_factor_admins: true,
      second_factor_staff: true,
      second_factor_staff_branch_ids: [],
      second_factor_staff_grace_until: GRACE_END,
    });

    // The open console keeps working and is told until when.
    expect((await get('/api/staff/branches', staff.access_token)).statusCode).toBe(200);
    const me = (await get('/api/staff/me', staff.access_token)).json().user;
    expect(me.second_factor_grace_until).toBe(GRACE_END);
    expect((await get('/api/account/second-factor', staff.access_token)).json()).toMatchObject({
      required: true,
      grace_until: GRACE_END,
    });
    // A new login has no grace.
    const fresh = await passwordSession('staff@comanda.test');
    expect(fresh.mfa_enrolment_required).toBe(true);
    expect((await get('/api/staff/branches', fresh.access_token)).statusCode).toBe(403);

    // The last minute of the grace, then the first after it.
    tick(Date.parse(GRACE_END) - clock - 60_000);
    expect((await get('/api/staff/branches', staff.access_token)).statusCode).toBe(200);
    tick(61_000);
    const refused = await get('/api/staff/branches', staff.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Activa la verificación en dos pasos para usar el panel.');
    expect(
      (await get('/api/admin/security', adminToken)).json().second_factor_staff_grace_until,
    ).toBeNull();
  });

  it('rolls out branch by branch: only staff of the chosen branches are asked, each widening with its grace', async () => {
    const branches = await t.app.db.selectFrom('branches').select(['id', 'slug']).execute();
    const campina = branches.find((branch) => branch.slug === 'campina')!.id;
    const other = branches.find((branch) => branch.slug !== 'campina')!.id;
    expect((await put({ second_factor_admins: true, second_factor_staff: false })).statusCode).toBe(
      200,
    );
    const account = async (email: string, branchId: number) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: {
          name: 'Turno Nuevo',
          email,
          phone: `30${String(branchId).padStart(8, '7')}`,
          role: 'staff',
          branch_ids: [branchId],
          password: STAFF_PASSWORD,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      return (await passwordSession(email, STAFF_PASSWORD)).access_token;
    };
    const atCampina = await account('turno-campina@comanda.test', campina);
    const elsewhere = await account('turno-otra@comanda.test', other);
    tick(60_000);

    const changed = await put({
      second_factor_admins: true,
      second_factor_staff: true,
      second_factor_staff_branch_ids: [campina],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().second_factor_staff_branch_ids).toEqual([campina]);
    const graceOf = async (token: string) =>
      (await get('/api/staff/me', token)).json().user.second_factor_grace_until;
    expect(await graceOf(atCampina)).toEqual(expect.any(String));
    expect(await graceOf(elsewhere)).toBeNull();
    const again = (email: string) => passwordSession(email, STAFF_PASSWORD);
    expect((await again('turno-campina@comanda.test')).mfa_enrolment_required).toBe(true);
    expect((await again('turno-otra@comanda.test')).mfa_enrolment_required).toBe(false);

    // Reaching the other branch too: its open console gets the grace, not a lockout.
    tick(60_000);
    const wider = await put({
      second_factor_admins: true,
      second_factor_staff: true,
      second_factor_staff_branch_ids: [campina, other],
    });
    expect(wider.statusCode).toBe(200);
    expect((await get('/api/staff/branches', elsewhere)).statusCode).toBe(200);
    expect(await graceOf(elsewhere)).toEqual(expect.any(String));
    const audit = (await get('/api/admin/audit', adminToken)).json().results[0];
    expect(audit.summary).toContain('solo en las sedes');
  });

  it('refuses a rollout to a branch that does not exist, changing nothing', async () => {
    const before = (await get('/api/admin/security', adminToken)).json();
    for (const ids of [[987_654], 'todas', [0], [1.5]]) {
      const refused = await put({
        second_factor_admins: true,
        second_factor_staff: true,
        second_factor_staff_branch_ids: ids,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const unknown = await put({
      second_factor_admins: true,
      second_factor_staff: true,
      second_factor_staff_branch_ids: [987_654],
    });
    expect(unknown.json().errors.second_factor_staff_branch_ids).toEqual([
      'Una de las sedes elegidas no existe.',
    ]);
    expect((await get('/api/admin/security', adminToken)).json()).toEqual(before);
  });
});

describe('code guessing is rate limited', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3 });
  });
  afterAll(() => limited.close());

  it('stops wrong codes after the account’s login limit, in Spanish', async () => {
    limited.clock.set(clock);
    const call = (url: string, payload: object, token?: string) =>
      limited.app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const first = await call('/api/login/staff', {
      email_login: 'campina@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    const token = first.json().access_token;
    const { secret } = (await call('/api/account/second-factor/setup', {}, token)).json();
    await call('/api/account/second-factor/confirm', { code: codeAt(secret, clock) }, token);
    const step = await call('/api/login/staff', {
      email_login: 'campina@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await call('/api/login/totp', { mfa_token: step.json().mfa_token, code: '000000' }))
          .statusCode,
      );
    // The wrong codes count against the account's 3 as wrong passwords do; the right password
    // steps gave theirs back (decision 076).
    expect(codes).toEqual([400, 400, 400]);
    const blocked = await call('/api/login/totp', {
      mfa_token: step.json().mfa_token,
      code: codeAt(secret, clock),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      SERVER_MESSAGES.tooManyRequestsFor(Number(blocked.headers['retry-after'])),
    );
    // Slowed, not shut: once the cool-down is over the right code logs in.
    // (A step later than the enrolment's code too: that one may not be used twice.)
    const later = clock + Math.max(Number(blocked.headers['retry-after']), 30) * 1000;
    limited.clock.set(later);
    const done = await call('/api/login/totp', {
      mfa_token: step.json().mfa_token,
      code: codeAt(secret, later),
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

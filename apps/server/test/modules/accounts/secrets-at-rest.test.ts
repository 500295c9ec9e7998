import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig, type Config } from '../../../src/config';
import { openDatabase } from '../../../src/db/open';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { secretBoxFor } from '../../../src/config';
import { createMailSender, createSenderDeps } from '../../../src/modules/mail/sender';
import { testClock } from '../../helpers/clock';
import { checkContract } from '../../helpers/contract';
import { createEmptyDatabase, testDialect, type TestDatabase } from '../../helpers/database';

// No live secret at rest (decision 075): whoever reads every table of the database, before a
// reset mail is sent and after, finds no token that resets a password, and no TOTP secret that
// makes a code. The server restarted on that database seals what an older version left in the
// clear. Two nodes on one database, as a restart is.

const KEY = 'una clave de prueba de por lo menos treinta y dos caracteres';
/** One clock for every node, as a restart keeps the time. */
const clock = testClock();
let target: TestDatabase;
const apps: App[] = [];

/** A node of the app on the shared database (another connection each time). */
async function node(overrides: Partial<Config> = {}) {
  const handle = await openDatabase({
    url: target.url,
    seedDemo: true,
    ...(target.schema ? { schema: target.schema } : {}),
  });
  const app = await buildApp({
    config: testConfig({
      WEB_DIST: '/nonexistent-web-dist',
      PUBLIC_URL: 'https://pedidos.example',
      SECRETS_KEY: KEY,
      AUTH_RATE_LIMIT_PER_IP: 100_000,
      ...overrides,
    }),
    database: handle,
    clock,
    logger: false,
  });
  await app.ready();
  checkContract(app);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  target = await createEmptyDatabase();
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await target.drop();
});

/** Every text the database holds: each column of each row of each table, blobs read as text. */
async function everyStoredText(app: App): Promise<string[]> {
  const tables =
    testDialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
          app.db,
        );
  const texts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      app.db,
    );
    for (const row of rows.rows)
      for (const value of Object.values(row)) {
        if (typeof value === 'string') texts.push(value);
        else if (Buffer.isBuffer(value)) texts.push(value.toString('latin1'));
      }
  }
  return texts;
}

/**
 * Every string a reset token could be in these texts: a token is 43 base64url characters, so
 * each run of 43 or more of them is tried whole and as each 43-character window.
 */
function tokenCandidates(texts: string[]): Set<string> {
  const candidates = new Set<string>();
  for (const text of texts)
    for (const [run] of text.matchAll(/[A-Za-z0-9_-]{43,}/g))
      for (let at = 0; at + 43 <= run.length; at += 1) candidates.add(run.slice(at, at + 43));
  return candidates;
}

/** The candidates that reset a password: none may. */
async function workingTokens(app: App, candidates: Set<string>) {
  const working: string[] = [];
  for (const token of candidates) {
    const password = 'una frase nueva muy larga';
    const res = await app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, password_confirmation: password },
    });
    if (res.statusCode !== 400) working.push(token);
  }
  return working;
}

/** A sender of this node's outbox that hands each message to the test instead of SMTP. */
function capturingSender(app: App) {
  const sent: { to: string; text: string; html: string }[] = [];
  const sender = createMailSender(
    createSenderDeps({
      store: { db: app.db, dialect: app.dialect },
      box: secretBoxFor(testConfig({ SECRETS_KEY: KEY })),
      transport: {
        sendMail: async (message) => {
          sent.push(message);
        },
      },
      from: 'Comanda <no-responder@pedidos.example>',
      messageIdDomain: 'pedidos.example',
      clock: app.clock,
    }),
  );
  return { sent, deliverDue: () => sender.deliverDue() };
}

describe('a reset link at rest', () => {
  it('is nowhere in the database before its mail is sent nor after, yet the mail carries a working one', async () => {
    const app = await node();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'cliente@comanda.test' },
    });
    expect(asked.json()).toEqual({ status: true });
    await app.passwordReset.settled();

    // Pending: the outbox holds the mail, its link without the token, the token sealed apart.
    const [pending] = await app.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body', 'secret', 'status'])
      .where('kind', '=', 'password-reset')
      .execute();
    expect(pending).toMatchObject({ status: 'pending' });
    expect(pending!.text_body).toContain('https://pedidos.example/restablecer?token=…');
    expect(pending!.secret).toMatch(/^v1\./);
    const beforeSending = tokenCandidates(await everyStoredText(app));
    expect(beforeSending.size).toBeGreaterThan(0);
    expect(await workingTokens(app, beforeSending)).toEqual([]);

    // Sent: the message had the live link; the outbox keeps neither it nor the sealed token.
    const delivery = capturingSender(app);
    expect(await delivery.deliverDue()).toBe(1);
    const [mail] = delivery.sent;
    const token = /restablecer\?token=([A-Za-z0-9_-]{43})\n/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    expect(mail!.html).toContain(`restablecer?token=${token}"`);
    // The way candidates are found finds this one where it is written in the clear.
    expect(tokenCandidates([mail!.text]).has(token!)).toBe(true);
    const afterSending = tokenCandidates(await everyStoredText(app));
    expect(afterSending.has(token!)).toBe(false);
    expect(await workingTokens(app, afterSending)).toEqual([]);
    const [sent] = await app.db
      .selectFrom('outbox')
      .select(['secret', 'status'])
      .where('kind', '=', 'password-reset')
      .execute();
    expect(sent).toEqual({ secret: null, status: 'sent' });

    // It was live all along.
    const password = 'otra frase larga de verdad';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, password_confirmation: password },
    });
    expect(reset.json()).toEqual({ status: true });
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  });

  it("shows in the back office's Correos, the link's token hidden", async () => {
    const app = await node();
    await app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'staff@comanda.test' },
    });
    await app.passwordReset.settled();
    const admin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'admin@comanda.test', password_login: DEMO_PASSWORD },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { authorization: `Bearer ${admin.json().access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const [newest] = res.json().results;
    expect(newest).toMatchObject({ kind: 'password-reset', to: 'staff@comanda.test' });
    expect(newest.text).toContain('https://pedidos.example/restablecer?token=…');
    expect(newest.html).toContain('https://pedidos.example/restablecer?token=…');
  });

  it('is sealed at the next start when an older version wrote it in the clear, and still delivered', async () => {
    const app = apps[0]!;
    const token = 'A'.repeat(21) + '_' + 'b'.repeat(21);
    const link = `https://pedidos.example/restablecer?token=${token}`;
    await app.db
      .insertInto('outbox')
      .values({
        kind: 'password-reset',
        to_address: 'viejo@ejemplo.co',
        subject: 'Restablece tu contraseña',
        text_body: `Elegir una contraseña nueva: ${link}\n`,
        html_body: `<a href="${link}">Elegir</a>`,
        next_attempt_at: new Date(0).toISOString(),
        created_at: new Date(0).toISOString(),
      })
      .execute();
    const restarted = await node();
    expect(tokenCandidates(await everyStoredText(restarted)).has(token)).toBe(false);
    const delivery = capturingSender(restarted);
    await delivery.deliverDue();
    const mail = delivery.sent.find((message) => message.to === 'viejo@ejemplo.co');
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
  });
});

const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

describe('a TOTP secret at rest', () => {
  it('is sealed when enrolled, never stored as it is, and still checks codes', async () => {
    const app = apps[0]!;
    const post = (url: string, payload: object, token?: string) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const login = await post('/api/login/staff', {
      email_login: 'campina@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    const session = login.json().access_token as string;
    const { secret } = (await post('/api/account/second-factor/setup', {}, session)).json();
    const confirmed = await post(
      '/api/account/second-factor/confirm',
      { code: codeAt(secret, app.clock.now()) },
      session,
    );
    expect(confirmed.statusCode).toBe(200);

    const stored = await app.db
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where('email', '=', 'campina@comanda.test')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+$/);
    expect(stored.totp_pending_secret).toBeNull();
    for (const text of await everyStoredText(app)) expect(text).not.toContain(secret);
    // Copied to another account, the sealed secret opens for nobody.
    expect(
      secretBoxFor(testConfig({ SECRETS_KEY: KEY })).open(stored.totp_secret!, 'totp:1'),
    ).toBeNull();

    // 30 s later (a new step), the password and a code log in.
    clock.advance(30_000);
    const step = await post('/api/login/staff', {
      email_login: 'campina@comanda.test',
      password_login: DEMO_PASSWORD,
    });
    const done = await post('/api/login/totp', {
      mfa_token: step.json().mfa_token,
      code: codeAt(secret, app.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('stored in the clear by an older version, or under a rotated key, is sealed again at the next start', async () => {
    const app = apps[0]!;
    const clear = new Secret({ size: 20 }).base32;
    const { id } = await app.db
      .updateTable('users')
      .set({ totp_secret: clear, totp_enabled_at: new Date(0).toISOString(), totp_last_step: 0 })
      .where('email', '=', 'staff@comanda.test')
      .returning('id')
      .executeTakeFirstOrThrow();

    const rotated = await node({
      SECRETS_KEY: 'otra clave, la nueva, también de treinta y dos o más',
      SECRETS_KEY_PREVIOUS: [KEY],
    });
    const readSecrets = () =>
      rotated.db
        .selectFrom('users')
        .select(['email', 'totp_secret'])
        .where('totp_secret', 'is not', null)
        .orderBy('email')
        .execute();
    const sealed = await readSecrets();
    expect(sealed.map((row) => row.email)).toEqual(['campina@comanda.test', 'staff@comanda.test']);
    for (const row of sealed) expect(row.totp_secret).toMatch(/^v1\./);
    const newBox = secretBoxFor(
      testConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: 'otra clave, la nueva, también de treinta y dos o más',
      }),
    );
    expect(newBox.open(sealed[1]!.totp_secret!, `totp:${id}`)).toBe(clear);
    // Sealed under the new key alone: the old one is no longer needed for any of them.
    for (const row of sealed) expect(newBox.isStale(row.totp_secret!)).toBe(false);

    const step = await rotated.inject({
      method: 'POST',
      url: '/api/login/staff',
      payload: { email_login: 'staff@comanda.test', password_login: DEMO_PASSWORD },
    });
    const done = await rotated.inject({
      method: 'POST',
      url: '/api/login/totp',
      payload: { mfa_token: step.json().mfa_token, code: codeAt(clear, rotated.clock.now()) },
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

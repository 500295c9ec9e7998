import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/open';
import { nowDate } from '../../../src/lib/clock';
import { enqueueMail } from '../../../src/modules/mail/outbox-repository';
import { backoffDelay } from '../../../src/lib/queue-run';
import { mailTemplates } from '../../../src/modules/mail/templates';
import { createEmptyDatabase, type TestDatabase } from '../../helpers/database';
import { startSmtpServer, type SmtpTestServer } from '../../helpers/smtp';
import { testClock } from '../../helpers/clock';

// The outbox on a real SMTP server: delivery, an outage across a restart, two nodes at once.

let target: TestDatabase;
let smtp: SmtpTestServer;
const apps: App[] = [];

/** A node of the app on the shared test database (another connection each time). */
async function node(smtpUrl: string | undefined) {
  const handle = await openDatabase({
    url: target.url,
    seedDemo: true,
    ...(target.schema ? { schema: target.schema } : {}),
  });
  const app = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent-web-dist', SMTP_URL: smtpUrl }),
    database: handle,
    clock: testClock(),
    logger: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

async function stopNode(app: App) {
  await app.close();
  apps.splice(apps.indexOf(app), 1);
}

const mail = (to: string, n: number) => ({
  kind: 'password-changed',
  to,
  ...mailTemplates.passwordChanged({ name: `Cliente ${n}`, via: 'account' }),
});

beforeAll(async () => {
  target = await createEmptyDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await smtp.stop();
  await target.drop();
});

describe('the outbox', () => {
  it('keeps mail without SMTP_URL, and the back office lists it newest first', async () => {
    const app = await node(undefined);
    await app.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, mail('uno@ejemplo.co', 1), nowDate(app.clock));
      await enqueueMail(trx, mail('dos@ejemplo.co', 2), nowDate(app.clock));
    });
    expect(app.mail.sender).toBeNull();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'admin@comanda.test', password_login: 'comanda123' },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.delivering).toBe(false);
    expect(body.results.map((r: { to: string }) => r.to)).toEqual([
      'dos@ejemplo.co',
      'uno@ejemplo.co',
    ]);
    expect(body.results[0]).toMatchObject({
      status: 'pending',
      subject: 'Tu contraseña de La Brasa Dorada cambió',
      sent_at: null,
    });
    expect(body.results[0].text).toContain('Hola, Cliente 2:');

    // Staff may not read it.
    const staff = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: 'staff@comanda.test', password_login: 'comanda123' },
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { authorization: `Bearer ${staff.json().access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    await stopNode(app);
  });

  it('writes nothing when the transaction of its cause rolls back', async () => {
    const app = await node(undefined);
    const before = await app.db.selectFrom('outbox').select('id').execute();
    await expect(
      app.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail('nunca@ejemplo.co', 3), nowDate(app.clock));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await app.db.selectFrom('outbox').select('id').execute()).toEqual(before);
    await stopNode(app);
  });

  it('delivers what waited after an SMTP outage and a restart, each message once', async () => {
    // The two messages of the first test are still pending: a node with SMTP sends them.
    const port = Number(new URL(smtp.url).port);
    await smtp.stop();
    const first = await node(`smtp://127.0.0.1:${port}`);
    expect(await first.mail.sender!.deliverDue()).toBe(0);
    const failed = await first.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .execute();
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();
      // Retried later, not at once.
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(first.clock.now() + 20_000);
    }
    await stopNode(first);

    await smtp.start();
    const second = await node(smtp.url);
    // The backoff has passed.
    await second.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await second.mail.sender!.deliverDue()).toBe(2);
    expect(await second.mail.sender!.deliverDue()).toBe(0);
    const arrived = await smtp.waitFor(2);
    expect(arrived.map((m) => m.to[0]).sort()).toEqual(['dos@ejemplo.co', 'uno@ejemplo.co']);
    expect(arrived[0]!.body).toContain('Hola, Cliente');
    expect(arrived[0]!.body).toContain('Content-Type: text/plain');
    expect(arrived[0]!.body).toContain('Content-Type: text/html');
    const rows = await second.db.selectFrom('outbox').select(['status', 'sent_at']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.sent_at !== null)).toBe(true);
    await stopNode(second);
  });

  it('two nodes delivering at once send each message once', async () => {
    smtp.received.splice(0);
    const a = await node(smtp.url);
    const b = await node(smtp.url);
    await a.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 30; n += 1)
        await enqueueMail(trx, mail(`n${n}@ejemplo.co`, n), nowDate(a.clock));
    });
    const [sentA, sentB] = await Promise.all([
      a.mail.sender!.deliverDue(),
      b.mail.sender!.deliverDue(),
    ]);
    expect(sentA + sentB).toBe(30);
    await smtp.waitFor(30);
    // No wait for a straggler: the test server records a message before it acknowledges it, and
    // both runs resolved only once every send they made was acknowledged.
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    await stopNode(a);
    await stopNode(b);
  });

  it('backs off doubling, up to a cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 30_000, 100_000))).toEqual([
      30_000, 60_000, 100_000, 100_000,
    ]);
  });
});

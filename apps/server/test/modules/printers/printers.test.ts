import { PRINTER_MESSAGES, printerListResponse, printerResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// The back office's printers (decision 071): who may configure them, what a printer's address
// may be, the version that guards an edit, and the change log.

let t: TestApp;
let campina: { id: number };
let chico: { id: number };
let tokens: { admin: string; staff: string };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const printersOf = (branchId: number) => `/api/admin/branches/${branchId}/printers`;

beforeAll(async () => {
  t = await buildTestApp();
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  tokens = {
    admin: await login(t.app, 'admin@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
  };
});
afterAll(() => t.close());

describe('the back office', () => {
  it('adds a printer with the defaults, lists it, edits it under its version and removes it, each in the change log', async () => {
    const created = await call('POST', printersOf(campina.id), tokens.admin, {
      name: 'Mostrador',
      host: '192.168.1.50',
    });
    expect(created.statusCode).toBe(201);
    const printer = printerResponse.parse(created.json()).results;
    expect(printer).toMatchObject({
      branch_id: campina.id,
      port: 9100,
      width_mm: 80,
      code_page: 'cp858',
      prints: ['ticket'],
      when: ['accept', 'manual'],
      version: 1,
    });

    const listed = printerListResponse.parse(
      (await call('GET', printersOf(campina.id), tokens.admin)).json(),
    );
    expect(listed.results.map((p) => p.id)).toContain(printer.id);
    expect(
      printerListResponse.parse((await call('GET', printersOf(chico.id), tokens.admin)).json())
        .results,
    ).toEqual([]);

    const url = `${printersOf(campina.id)}/${printer.id}`;
    const body = {
      name: 'Parrilla',
      host: 'parrilla.local',
      port: 9101,
      width_mm: 58,
      code_page: 'cp850',
      prints: ['ticket'],
      when: ['new'],
      version: 1,
    };
    const edited = await call('PUT', url, tokens.admin, body);
    expect(edited.statusCode).toBe(200);
    expect(printerResponse.parse(edited.json()).results).toMatchObject({ ...body, version: 2 });

    const auditBefore = await t.database.db.selectFrom('audit_log').select('id').execute();
    const stale = await call('PUT', url, tokens.admin, { ...body, name: 'Otra' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Parrilla', version: 2 });
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toHaveLength(
      auditBefore.length,
    );
    // Another branch's printer is not this branch's.
    expect(
      (await call('PUT', `${printersOf(chico.id)}/${printer.id}`, tokens.admin, body)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `${url}?version=1`, tokens.admin)).statusCode).toBe(409);
    const removed = await call('DELETE', `${url}?version=2`, tokens.admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', url, tokens.admin)).statusCode).toBe(404);

    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('entity', '=', 'printer')
      .where('entity_id', '=', String(printer.id))
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]!.summary).toContain('Parrilla (parrilla.local:9101, 58 mm)');
  });

  it.each([
    ['an empty host', { host: '' }, 'host', PRINTER_MESSAGES.host],
    ['a host with a path', { host: 'http://x/y' }, 'host', PRINTER_MESSAGES.host],
    [
      'a name the resolver reads as an address',
      { host: '2852039166' },
      'host',
      PRINTER_MESSAGES.host,
    ],
    [
      'the cloud metadata address',
      { host: '169.254.169.254' },
      'host',
      PRINTER_MESSAGES.hostUnsafe,
    ],
    ['the unspecified address', { host: '0.0.0.0' }, 'host', PRINTER_MESSAGES.hostUnsafe],
    [
      'a mapped metadata address',
      { host: '::ffff:169.254.169.254' },
      'host',
      PRINTER_MESSAGES.hostUnsafe,
    ],
    ['a link-local IPv6 address', { host: 'fe80::1' }, 'host', PRINTER_MESSAGES.hostUnsafe],
    ['port 0', { port: 0 }, 'port', PRINTER_MESSAGES.port],
    ['port 65536', { port: 65536 }, 'port', PRINTER_MESSAGES.port],
    ["Redis's port", { port: 6379 }, 'port', PRINTER_MESSAGES.portUnsafe],
    ['a paper of 70 mm', { width_mm: 70 }, 'width_mm', PRINTER_MESSAGES.width],
    ['another code page', { code_page: 'cp437' }, 'code_page', PRINTER_MESSAGES.codePage],
    ['a print target that is neither', { prints: ['cocina'] }, 'prints', PRINTER_MESSAGES.prints],
    ['nothing to print', { prints: [] }, 'prints', PRINTER_MESSAGES.printsRequired],
    ['an unknown event', { when: ['paid'] }, 'when', PRINTER_MESSAGES.when],
  ])('refuses %s with a Spanish 400 on the field', async (_what, change, field, message) => {
    const res = await call('POST', printersOf(campina.id), tokens.admin, {
      name: 'Cocina',
      host: '10.0.0.9',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });

  it('takes an IPv6 address and a printer name on the network', async () => {
    for (const host of ['fd00::12', 'impresora-cocina.local', '::1']) {
      const res = await call('POST', printersOf(chico.id), tokens.admin, { name: host, host });
      expect(res.statusCode, host).toBe(201);
    }
  });

  it('answers 404 for an unknown branch, 403 to staff, 401 without a session', async () => {
    expect((await call('GET', printersOf(999_999), tokens.admin)).statusCode).toBe(404);
    expect(
      (await call('POST', printersOf(999_999), tokens.admin, { name: 'x', host: '10.0.0.1' }))
        .statusCode,
    ).toBe(404);
    const staff = await call('POST', printersOf(campina.id), tokens.staff, {
      name: 'x',
      host: '10.0.0.1',
    });
    expect(staff.statusCode).toBe(403);
    expect((await call('GET', printersOf(campina.id), tokens.staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: printersOf(campina.id) })).statusCode).toBe(
      401,
    );
  });
});

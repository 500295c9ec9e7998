import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../src/modules/mail/outbox-repository';
import { mailTemplates } from '../../../src/modules/mail/templates';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { nowDate } from '../../../src/lib/clock';

let t: TestApp;
let webDist: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  // A stand-in storefront build: its index.html as the real one starts, and a server entry that
  // writes the brand it is given into the page, as the real one does in its header and title.
  webDist = mkdtempSync(join(tmpdir(), 'comanda-brand-'));
  mkdirSync(join(webDist, '.ssr'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="es" data-brand="La Brasa Dorada"><head><meta name="theme-color" content="#b3261e" /><meta name="application-name" content="La Brasa Dorada" /><title>La Brasa Dorada</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(webDist, '.ssr', 'entry-server.js'),
    `export const isStorefrontPath = (path) => path === '/menu' || path === '/carrito';
     export async function render(path, _branch, _catalog, _origin, _delivery, brand) {
       if (path !== '/menu') return null;
       return { status: 200, head: '<title>Menú · ' + brand + '</title>', body: '<a>' + brand + '</a>', state: null };
     }`,
  );
  t = await buildTestApp({ WEB_DIST: webDist });
  const login = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email_login: email, password_login: 'comanda123' },
      })
    ).json<{ access_token: string }>().access_token;
  admin = await login('admin@comanda.test');
  staff = await login('staff@comanda.test');
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const call = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  t.app.inject({
    method,
    url: '/api/admin/brand',
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('the chain brand', () => {
  it('starts as the demo chain, and only admins may read or change it', async () => {
    const res = await call('GET', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'La Brasa Dorada',
      short_name: 'Brasa Dorada',
      color: '#b3261e',
      logo: false,
      version: 1,
    });
    expect((await call('GET', staff)).statusCode).toBe(403);
    const refused = await call('PUT', staff, { name: 'X', short_name: 'X', color: '#000000' });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', admin)).json().name).toBe('La Brasa Dorada');
  });

  it('refuses a bad brand in Spanish, field by field, and changes nothing', async () => {
    const res = await call('PUT', admin, {
      name: ' ',
      short_name: 'Un nombre corto demasiado largo',
      color: 'rojo',
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.name?.[0]).toMatch(/nombre de la marca/);
    expect(errors.short_name?.[0]).toMatch(/hasta 20/);
    expect(errors.color?.[0]).toMatch(/#rrggbb/);
    const long = await call('PUT', admin, {
      name: 'x'.repeat(61),
      short_name: 'a',
      color: '#000000',
    });
    expect(long.statusCode).toBe(400);
    expect((await call('GET', admin)).json().version).toBe(1);
  });

  it('saves a new brand with an entry in the change log, and a stale version is a 409', async () => {
    const saved = await call('PUT', admin, {
      name: 'Pollos Ñapa & Cía',
      short_name: 'Ñapa',
      color: '#1A5E2C',
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      name: 'Pollos Ñapa & Cía',
      short_name: 'Ñapa',
      color: '#1a5e2c',
      logo: false,
      version: 2,
    });

    const stale = await call('PUT', admin, {
      name: 'Otra',
      short_name: 'Otra',
      color: '#000000',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Pollos Ñapa & Cía', version: 2 });

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { authorization: `Bearer ${admin}` },
    });
    const entries = audit.json<{ results: { entity: string; summary: string }[] }>().results;
    const entry = entries.find((row) => row.entity === 'brand');
    expect(entry?.summary).toContain('nombre «Pollos Ñapa & Cía»');
    expect(entries.filter((row) => row.entity === 'brand')).toHaveLength(1);
  });

  it('reaches the next page at once: the manifest, the rendered page and a plain page', async () => {
    const manifest = (await t.app.inject('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Pollos Ñapa & Cía',
      short_name: 'Ñapa',
      theme_color: '#1a5e2c',
    });

    const menu = await t.app.inject('/menu');
    expect(menu.statusCode).toBe(200);
    expect(menu.body).toContain('<title>Menú · Pollos Ñapa & Cía</title>');
    expect(menu.body).toContain('<a>Pollos Ñapa & Cía</a>');
    expect(menu.body).toContain('data-brand="Pollos Ñapa &amp; Cía"');
    expect(menu.body).toContain('<meta name="application-name" content="Pollos Ñapa &amp; Cía">');
    expect(menu.body).toContain('<meta name="theme-color" content="#1a5e2c">');
    expect(menu.body).not.toContain('La Brasa Dorada');

    // A page the server does not render still names the chain for the browser to read.
    const cart = await t.app.inject('/carrito');
    expect(cart.body).toContain('data-brand="Pollos Ñapa &amp; Cía"');
    expect(cart.body).toContain('<title>Pollos Ñapa &amp; Cía</title>');

    // Renamed again: the kept rendered page is not served.
    const renamed = await call('PUT', admin, {
      name: 'Brasa Nueva',
      short_name: 'Brasa',
      color: '#b3261e',
      version: 2,
    });
    expect(renamed.statusCode).toBe(200);
    const again = await t.app.inject('/menu');
    expect(again.body).toContain('<title>Menú · Brasa Nueva</title>');
    expect(again.body).toContain('data-brand="Brasa Nueva"');
  });

  it('names the chain in the emails written after the change', async () => {
    await t.app.db.transaction().execute(async (trx) => {
      await enqueueMail(
        trx,
        {
          kind: 'password-changed',
          to: 'marca@ejemplo.co',
          ...mailTemplates.passwordChanged({ name: 'Ana', via: 'account' }),
        },
        nowDate(t.app.clock),
      );
    });
    const message = (await t.app.mail.list(100)).find((m) => m.to_address === 'marca@ejemplo.co');
    expect(message?.subject).toBe('Tu contraseña de Brasa Nueva cambió');
    expect(message?.text_body).toContain('— Brasa Nueva');
    expect(message?.html_body).toContain('>Brasa Nueva</p>');
    expect(message?.html_body).toContain('color:#b3261e');
    expect(message?.subject).not.toContain('Comanda');
  });
});

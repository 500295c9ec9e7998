import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { gifPicture, multipart, pngPicture } from '../../helpers/image-files';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
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
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const brand = async () =>
  (await t.app.inject({ url: '/api/admin/brand', headers: auth(admin) })).json<{
    logo: boolean;
    version: number;
    color: string;
  }>();
const upload = (file: Buffer, query = '', token = admin) => {
  const body = multipart(file, { filename: 'logo.png', type: 'image/png' });
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/brand/logo${query}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
};
const icon = async (name: string) => {
  const res = await t.app.inject(`/${name}`);
  expect(res.statusCode, name).toBe(200);
  return res.rawPayload;
};
/** The colour of one pixel of a PNG, as #rrggbb (and its alpha). */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  const hex = [0, 1, 2].map((i) => (data[at + i] ?? 0).toString(16).padStart(2, '0')).join('');
  return { color: `#${hex}`, alpha: data[at + 3], width: info.width, height: info.height };
}
/** A square logo: a blue disc on a transparent background. */
const blueDisc = (side = 400) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side / 2.2}" fill="#1040c0"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe("the chain's logo", () => {
  it('starts as the shipped logo: every icon the manifest names is a PNG of its size', async () => {
    expect((await brand()).logo).toBe(false);
    for (const [name, size] of [
      ['icons/icon-192.png', 192],
      ['icons/icon-512.png', 512],
      ['icons/maskable-192.png', 192],
      ['icons/maskable-512.png', 512],
      ['icons/apple-touch-icon.png', 180],
      ['icons/logo-96.png', 96],
    ] as const) {
      const { width, height } = await sharp(await icon(name)).metadata();
      expect([width, height], name).toEqual([size, size]);
    }
    expect((await t.app.inject('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
  });

  it('refuses what is not a usable logo in Spanish, and changes nothing', async () => {
    const before = await brand();
    const shipped = await icon('icons/icon-192.png');
    const cases: [Buffer, RegExp][] = [
      [await pngPicture(120, 120), /al menos 192 × 192/],
      [await pngPicture(900, 300), /cuadrado o casi/],
      [await gifPicture(), /JPEG, PNG o WebP/],
      [Buffer.from('no soy una imagen'), /JPEG, PNG o WebP/],
      [(await blueDisc()).subarray(0, 300), /dañado|JPEG, PNG o WebP/],
    ];
    for (const [file, message] of cases) {
      const res = await upload(file);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(message);
    }
    const notMultipart = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/brand/logo',
      headers: auth(admin),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    expect((await upload(await blueDisc(), '?version=abc')).statusCode).toBe(400);
    expect(await brand()).toEqual(before);
    expect((await icon('icons/icon-192.png')).equals(shipped)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await upload(await blueDisc(), '', staff)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/admin/brand/logo' });
    expect(anonymous.statusCode).toBe(401);
    expect((await brand()).logo).toBe(false);
  });

  it('makes every icon from an uploaded logo, logs it, and a stale version is a 409', async () => {
    const { version, color } = await brand();
    const shippedEtag = (await t.app.inject('/icons/icon-192.png')).headers.etag;
    const res = await upload(await blueDisc(), `?version=${version}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo: true, version: version + 1 });

    const any = await icon('icons/icon-192.png');
    expect((await pixel(any, 96, 96)).color).toBe('#1040c0');
    // The logo is whole on a transparent square: a corner is see-through.
    expect((await pixel(any, 0, 0)).alpha).toBe(0);
    // A maskable icon is the logo within the safe zone, on the brand's colour.
    const maskable = await icon('icons/maskable-512.png');
    expect((await pixel(maskable, 4, 4)).color).toBe(color);
    expect((await pixel(maskable, 256, 256)).color).toBe('#1040c0');
    expect((await t.app.inject('/icons/icon-192.png')).headers.etag).not.toBe(shippedEtag);
    expect((await icon('favicon.svg')).toString()).toContain('data:image/png;base64,');

    const stale = await upload(await pngPicture(300, 300), `?version=${version}`);
    expect(stale.statusCode).toBe(409);
    expect((await pixel(await icon('icons/icon-192.png'), 96, 96)).color).toBe('#1040c0');

    const audit = await t.app.inject({ url: '/api/admin/audit', headers: auth(admin) });
    const summaries = audit
      .json<{ results: { entity: string; summary: string }[] }>()
      .results.filter((row) => row.entity === 'brand')
      .map((row) => row.summary);
    expect(summaries).toEqual(['Marca: logo nuevo']);
  });

  it("re-makes the maskable icons on the brand's new colour", async () => {
    const current = await t.app.inject({ url: '/api/admin/brand', headers: auth(admin) });
    const { name, short_name, version } = current.json<{
      name: string;
      short_name: string;
      version: number;
    }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/brand',
      headers: auth(admin),
      payload: { name, short_name, color: '#207a3c', version },
    });
    expect(saved.statusCode).toBe(200);
    expect((await pixel(await icon('icons/maskable-192.png'), 2, 2)).color).toBe('#207a3c');
  });

  it('goes back to the shipped logo', async () => {
    const { version } = await brand();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/brand/logo?version=${version}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo: false, version: version + 1 });
    expect((await pixel(await icon('icons/icon-192.png'), 96, 96)).color).not.toBe('#1040c0');
    expect((await icon('favicon.svg')).toString()).not.toContain('data:image/png');
  });
});

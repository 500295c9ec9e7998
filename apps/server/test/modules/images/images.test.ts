import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  imageVariantUrl,
  IMAGE_WIDTHS,
  ADMIN_MESSAGES,
} from '@comanda/shared';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { connect } from '../../../src/db/dialect';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createEmptyDatabase, testDialect } from '../../helpers/database';
import { bearer, login } from '../../helpers/ordering';
import { openDatabase } from '../../../src/db/open';
import {
  gifPicture,
  jpegPhoto,
  multipart,
  multipartParts,
  pngPicture,
} from '../../helpers/image-files';
import { testClock } from '../../helpers/clock';

const limits = { AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 };

// Both stores on this run's database: `database` (a table every node reads) and `local` (a folder).
describe.each(['database', 'local'] as const)('image uploads, %s store', (store) => {
  let t: TestApp;
  let dir: string;
  let web: string;
  let admin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-images-'));
    // A built storefront, so its history fallback is there to (wrongly) answer a missing upload.
    web = mkdtempSync(join(tmpdir(), 'comanda-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Comanda</title>');
    t = await buildTestApp({ ...limits, IMAGE_STORE: store, IMAGES_DIR: dir, WEB_DIST: web });
    admin = await login(t.app, 'admin@comanda.test');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(web, { recursive: true, force: true });
  });

  const upload = (
    file: Buffer,
    kind = 'product',
    token = admin,
    part: Parameters<typeof multipart>[1] = {},
  ) => {
    const { payload, headers } = multipart(file, part);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/images?kind=${kind}`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };
  const photoPart = (data: Buffer) => ({
    field: 'file',
    filename: 'foto.jpg',
    type: 'image/jpeg',
    data,
  });
  const uploadParts = (parts: Parameters<typeof multipartParts>[0]) => {
    const { payload, headers } = multipartParts(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/images?kind=product',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
  };
  /** What is stored, wherever the store keeps it. */
  const stored = async () => ({
    rows: Number(
      (
        await t.database.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: readdirSync(dir).length,
    audit: (
      await t.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'image')
        .execute()
    ).length,
  });
  const storedTotal = async () => {
    const now = await stored();
    return store === 'database' ? now.rows : now.files;
  };

  it('re-encodes a JPEG to WebP: upright, cut square for a product, no metadata, served immutable', async () => {
    const res = await upload(await jpegPhoto(800, 600));
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json();
    expect(url).toMatch(/^\/images\/u\/product\.[0-9a-f]{16}\.webp$/);
    expect({ width, height }).toEqual({ width: 480, height: 480 });

    const file = await t.app.inject(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    // Every copy the storefront's srcset names exists, in both formats, at its width.
    for (const w of IMAGE_WIDTHS.product) {
      for (const format of ['webp', 'avif'] as const) {
        const copy = await t.app.inject(imageVariantUrl(url, w, format)!);
        expect(copy.statusCode, `${w} ${format}`).toBe(200);
        expect(copy.headers['content-type']).toBe(`image/${format}`);
        expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(await sharp(copy.rawPayload).metadata()).toMatchObject({
          format: format === 'avif' ? 'heif' : 'webp',
          width: w,
          height: w,
        });
      }
    }
    expect(await storedTotal()).toBe(1 + 2 * IMAGE_WIDTHS.product.length);
  });

  it('re-encodes a PNG to a 16:10 category photo', async () => {
    const res = await upload(await pngPicture(1000, 700), 'category', admin, {
      filename: 'plato.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 640, height: 400 });
    const file = await t.app.inject(res.json().url);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 400,
    });
  });

  it('turns a photo upright by its EXIF orientation and never enlarges it', async () => {
    // 600×300 as stored, 300×600 upright: the widest 5:2 banner frame inside is 300×120.
    const res = await upload(await jpegPhoto(600, 300, 7), 'banner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 300, height: 120 });
    const widest = await t.app.inject(imageVariantUrl(res.json().url, 1200, 'webp')!);
    expect(await sharp(widest.rawPayload).metadata()).toMatchObject({ width: 300, height: 120 });
  });

  it('the same image twice: the same URL, stored once', async () => {
    const photo = await jpegPhoto(900, 900, 3);
    const first = await upload(photo, 'coupon');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ width: 720, height: 480 });
    const before = await stored();
    const second = await upload(photo, 'coupon');
    expect(second.json()).toEqual(first.json());
    expect(await stored()).toEqual(before);
  });

  it('writes a change log row for a stored image', async () => {
    const res = await upload(await pngPicture(500, 500), 'product', admin, {
      type: 'image/png',
      filename: 'a.png',
    });
    const audit = await t.app.inject({
      url: '/api/admin/audit?entity=image',
      headers: bearer(admin),
    });
    const row = audit.json().results[0];
    expect(row).toMatchObject({
      user: 'admin@comanda.test',
      action: 'create',
      entity: 'image',
      after: res.json(),
    });
    expect(row.summary).toBe('Subió una imagen de producto (480×480)');
  });

  describe('refusals store nothing', () => {
    const refusals: [string, () => ReturnType<typeof upload>, number, string][] = [
      [
        'a text file renamed .jpg',
        async () => upload(Buffer.from('hola, no soy una foto\n'.repeat(50))),
        400,
        IMAGE_MESSAGES.type,
      ],
      [
        'a GIF',
        async () =>
          upload(await gifPicture(), 'product', admin, { type: 'image/gif', filename: 'a.gif' }),
        400,
        IMAGE_MESSAGES.type,
      ],
      [
        'a truncated JPEG',
        async () => {
          const photo = await jpegPhoto(800, 600, 11);
          return upload(photo.subarray(0, Math.floor(photo.length * 0.6)));
        },
        400,
        IMAGE_MESSAGES.broken,
      ],
      [
        'a truncated PNG',
        async () => {
          const picture = await pngPicture(700, 700);
          return upload(picture.subarray(0, Math.floor(picture.length / 2)), 'product', admin, {
            type: 'image/png',
          });
        },
        400,
        IMAGE_MESSAGES.broken,
      ],
      [
        'a file over 5 MB',
        async () =>
          upload(
            Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]),
          ),
        413,
        IMAGE_MESSAGES.tooLarge,
      ],
      [
        'more than 40 megapixels (a small file that opens huge)',
        async () =>
          upload(
            await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#eee' } })
              .png()
              .toBuffer(),
            'product',
            admin,
            { type: 'image/png' },
          ),
        400,
        IMAGE_MESSAGES.tooManyPixels,
      ],
      [
        'no file field',
        async () => upload(await pngPicture(), 'product', admin, { field: 'foto' }),
        400,
        IMAGE_MESSAGES.required,
      ],
      // Two photos in one request: neither is kept (the form sends one; the first was once kept
      // and the second silently dropped).
      [
        'two files in the file field',
        async () =>
          uploadParts([
            photoPart(await jpegPhoto(640, 480, 21)),
            photoPart(await jpegPhoto(640, 480, 22)),
          ]),
        400,
        IMAGE_MESSAGES.oneFile,
      ],
      [
        'a second file under another name, after a text field',
        async () =>
          uploadParts([
            { field: 'nota', data: 'hola' },
            photoPart(await jpegPhoto(640, 480, 23)),
            { ...photoPart(await pngPicture(300, 300)), field: 'otra' },
          ]),
        400,
        IMAGE_MESSAGES.oneFile,
      ],
    ];

    it.each(refusals)('%s', async (_label, send, status, message) => {
      const before = await stored();
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message, errors: { file: [message] } });
      expect(await stored()).toEqual(before);
    });

    it('an unknown kind, and a JSON body instead of a file', async () => {
      const before = await stored();
      const res = await upload(await pngPicture(), 'menu');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.kind).toEqual([IMAGE_MESSAGES.kind]);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/images?kind=product',
        payload: { file: 'x' },
        headers: bearer(admin),
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().errors.file).toEqual([IMAGE_MESSAGES.notMultipart]);
      expect(await stored()).toEqual(before);
    });

    it('staff and customers get 403, nobody 401, and nothing is stored', async () => {
      const before = await stored();
      for (const email of ['campina@comanda.test', 'cliente@comanda.test']) {
        const res = await upload(await pngPicture(), 'product', await login(t.app, email));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.forbidden });
      }
      const { payload, headers } = multipart(await pngPicture());
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/images?kind=product',
            payload,
            headers,
          })
        ).statusCode,
      ).toBe(401);
      expect(await stored()).toEqual(before);
    });
  });

  it('a missing upload is a 404, not the storefront, nor a seed image', async () => {
    expect((await t.app.inject('/panel/admin/personal')).headers['content-type']).toMatch(
      /text\/html/,
    );
    for (const url of [
      '/images/u/missing',
      '/images/u/a/b.webp',
      '/images/u/product.0123456789abcdef.webp',
      '/images/u/..%2F..%2Fpackage.json',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

// Several nodes on one database: what one node stored, the other serves.
describe('database store across nodes', () => {
  const apps: App[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const target = await createEmptyDatabase();
    drop = () => target.drop();
    const first = await openDatabase({
      url: target.url,
      seedDemo: true,
      ...(target.schema ? { schema: target.schema } : {}),
    });
    const second = connect({
      url: target.url,
      ...(target.schema ? { schema: target.schema } : {}),
    });
    for (const database of [first, second]) {
      const app = await buildApp({
        config: testConfig({
          WEB_DIST: '/nonexistent-web-dist',
          IMAGE_STORE: 'database',
          IMAGES_DIR: '/nonexistent-images',
          ...limits,
        }),
        database,
        clock: testClock(),
        logger: false,
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop().catch(() => undefined);
  });

  it(`uploaded through node A, served by node B (${testDialect})`, async () => {
    const [a, b] = apps as [App, App];
    const { payload, headers } = multipart(await jpegPhoto(640, 480, 21));
    const res = await a.inject({
      method: 'POST',
      url: '/api/admin/images?kind=product',
      payload,
      headers: { ...headers, ...bearer(await login(a, 'admin@comanda.test')) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const served = await b.inject(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const avif = await b.inject(imageVariantUrl(res.json().url, 160, 'avif')!);
    expect(avif.headers['content-type']).toBe('image/avif');
  });
});

#!/usr/bin/env node
/**
 * Writes the smaller AVIF and WebP copies of every committed demo image, by the rule in
 * packages/shared/src/image-variants.ts: next to `<dir>/<name>.<hash>.webp` go
 * `<name>.<hash>.w<width>.avif` and `.webp` at each width of the directory's kind of image.
 * The storefront asks for them through `srcset`/`sizes`; the canonical file stays what the API
 * returns.
 *
 * It works from the committed canonical webp files alone (not from the emoji artwork), so it runs
 * offline: `npx tsx scripts/generate-image-variants.mjs` (tsx because the widths come from the
 * shared TypeScript module). scripts/generate-images.mjs calls it after drawing new canonical
 * files. Copies whose canonical file is gone are deleted; the others are rewritten (a few minutes
 * on two cores: AVIF at effort 6 is slow).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageVariantUrl } from '../packages/shared/src/image-variants.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES_DIR = path.join(ROOT, 'apps/server/public/images');

/** Which kind of image each seed directory holds (its widths in IMAGE_WIDTHS). */
const KIND_OF_DIR = {
  products: 'product',
  categories: 'category',
  banners: 'banner',
  coupons: 'coupon',
};

/**
 * Encoder settings chosen by eye on the demo artwork at the widths it is shown at: AVIF at 50 is
 * about half the bytes of WebP at 75 with no visible difference on the flat, gradient-rich drawings.
 */
const ENCODE = {
  avif: (image) => image.avif({ quality: 50, effort: 6 }),
  webp: (image) => image.webp({ quality: 75, effort: 6 }),
};

const CANONICAL_FILE = /^[^.]+\.[0-9a-f]{8,64}\.webp$/;
const VARIANT_FILE = /\.w\d+\.(avif|webp)$/;

/**
 * Writes the copies of every canonical image under IMAGES_DIR (or of those `only` accepts, by file
 * name: then no stale copy is deleted); returns bytes per directory.
 */
export async function writeImageVariants(only) {
  const totals = {};
  for (const [dir, kind] of Object.entries(KIND_OF_DIR)) {
    const folder = path.join(IMAGES_DIR, dir);
    const names = fs.readdirSync(folder);
    const keep = new Set();
    for (const name of names.filter((n) => CANONICAL_FILE.test(n) && (!only || only(n)))) {
      const source = path.join(folder, name);
      const { width: sourceWidth } = await sharp(source).metadata();
      for (const width of IMAGE_WIDTHS[kind]) {
        for (const format of /** @type {const} */ (['avif', 'webp'])) {
          const url = imageVariantUrl(`/images/${dir}/${name}`, width, format);
          if (!url) throw new Error(`${dir}/${name} does not follow the image naming rule`);
          const file = path.join(IMAGES_DIR, url.slice('/images/'.length));
          keep.add(file);
          if (format === 'webp' && width === sourceWidth) {
            // The canonical file already is this copy: the same bytes, no second lossy pass.
            fs.copyFileSync(source, file);
          } else {
            // Never enlarged: a kind's widest copy may be wider than an older canonical file.
            const resized = sharp(source).resize({ width, withoutEnlargement: true });
            await ENCODE[format](resized).toFile(file);
          }
          totals[`${dir} ${format}`] = (totals[`${dir} ${format}`] ?? 0) + fs.statSync(file).size;
        }
      }
    }
    for (const name of only ? [] : names) {
      const file = path.join(folder, name);
      if (VARIANT_FILE.test(name) && !keep.has(file)) fs.unlinkSync(file);
    }
  }
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const totals = await writeImageVariants();
  for (const [group, bytes] of Object.entries(totals)) {
    console.log(`${group.padEnd(16)} ${(bytes / 1024).toFixed(0).padStart(5)} KB`);
  }
}

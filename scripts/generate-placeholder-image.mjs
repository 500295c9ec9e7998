#!/usr/bin/env node
/**
 * Draws the photo a product without one is shown with (PRODUCT_PLACEHOLDER_IMAGE in
 * packages/shared/src/image-variants.ts): an empty plate with a fork and a knife on the brand's soft
 * red, flat like the demo artwork. Writes `apps/server/public/images/products/sin-foto.<hash>.webp`
 * and its copies; prints the path for the constant. Offline:
 * `npx tsx scripts/generate-placeholder-image.mjs`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { writeImageVariants } from './generate-image-variants.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDER = path.join(ROOT, 'apps/server/public/images/products');

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="#fdecea"/>
  <circle cx="240" cy="240" r="128" fill="#ffffff"/>
  <circle cx="240" cy="240" r="128" fill="none" stroke="#f4cfc9" stroke-width="6"/>
  <circle cx="240" cy="240" r="88" fill="none" stroke="#f8ddd8" stroke-width="4"/>
  <g fill="#d9817a">
    <rect x="78" y="150" width="12" height="180" rx="6"/>
    <rect x="62" y="150" width="6" height="62" rx="3"/>
    <rect x="100" y="150" width="6" height="62" rx="3"/>
    <path d="M62 206 h44 v10 a22 22 0 0 1 -44 0 z"/>
    <path d="M390 150 c20 18 24 64 12 96 v84 a6 6 0 0 1 -12 0 z"/>
  </g>
</svg>`;

for (const name of fs.readdirSync(FOLDER).filter((n) => n.startsWith('sin-foto.'))) {
  fs.unlinkSync(path.join(FOLDER, name));
}
const webp = await sharp(Buffer.from(SVG)).webp({ quality: 75, effort: 6 }).toBuffer();
const hash = createHash('sha256').update(webp).digest('hex').slice(0, 8);
const name = `sin-foto.${hash}.webp`;
fs.writeFileSync(path.join(FOLDER, name), webp);
await writeImageVariants((file) => file === name);
console.log(`/images/products/${name}`);

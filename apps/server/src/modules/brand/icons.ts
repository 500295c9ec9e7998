import { BRAND_MESSAGES, IMAGE_MESSAGES } from '@comanda/shared';
import { createHash } from 'node:crypto';
import { checkedMetadata, DECODE, loadSharp, refused } from '../images/encode';

/** The side of the stored logo: the largest icon made from it. */
const LOGO_SIZE = 512;
/** The smallest logo that makes a sharp 192 px icon. */
const MIN_SIDE = 192;
/** Wider (or taller) than twice the other side does not read as an icon. */
const MAX_RATIO = 2;

/**
 * An uploaded logo as it is kept: checked like any upload (its bytes say JPEG, PNG or WebP, it
 * decodes completely, within the pixel limit), turned upright, and centred whole on a transparent
 * 512 px square PNG. Only pixels are carried over (no metadata).
 */
export async function normalizeLogo(input: Buffer): Promise<Buffer> {
  const meta = await checkedMetadata(input);
  const { width, height } = meta.autoOrient;
  if (Math.min(width, height) < MIN_SIDE) throw refused(BRAND_MESSAGES.logoSmall);
  if (Math.max(width, height) > MAX_RATIO * Math.min(width, height))
    throw refused(BRAND_MESSAGES.logoShape);
  const sharp = await loadSharp();
  try {
    return await sharp(input, DECODE)
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    throw refused(IMAGE_MESSAGES.broken);
  }
}

export interface IconFile {
  contentType: string;
  data: Buffer;
  /** A strong validator of the bytes: the files keep their names when the logo changes. */
  etag: string;
}

/** A Windows icon file holding PNG images (every browser reads PNG entries in .ico). */
function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map(({ data }) => data)]);
}

const file = (contentType: string, data: Buffer): IconFile => ({
  contentType,
  data,
  etag: `"${createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`,
});

/** An SVG favicon that shows a PNG: the page's `<link rel="icon" type="image/svg+xml">`. */
const svgOf = (png: Buffer) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<image width="96" height="96" href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
  );

/**
 * Every icon the storefront names, made from the chain's logo (an SVG or a square PNG): the
 * favicons (`/favicon.ico` with 16, 32 and 48 px; `/favicon.svg`), the manifest's icons
 * `/icons/icon-{192,512}.png` (purpose any) and `/icons/maskable-{192,512}.png` (the logo inside
 * the central 80 % on the brand's colour, the safe zone a launcher's mask never cuts),
 * `/icons/apple-touch-icon.png` (180 px, which iOS reads instead of the manifest) and
 * `/icons/logo-96.png`, the header's logo.
 */
export async function iconFiles(
  logo: { svg: Buffer } | { png: Buffer },
  background: string,
): Promise<Map<string, IconFile>> {
  const source = 'svg' in logo ? logo.svg : logo.png;
  const sharp = await loadSharp();
  const png = (size: number) =>
    sharp(source, 'svg' in logo ? { density: Math.ceil((72 * size) / 64) } : {})
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const maskable = async (size: number) => {
    const inner = Math.round(size * 0.8);
    return sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([{ input: await png(inner), gravity: 'centre' }])
      .png()
      .toBuffer();
  };
  const small = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(size) })),
  );
  const logo96 = await png(96);
  return new Map([
    ['favicon.ico', file('image/x-icon', icoOf(small))],
    ['favicon.svg', file('image/svg+xml', 'svg' in logo ? logo.svg : svgOf(logo96))],
    ['icons/icon-192.png', file('image/png', await png(192))],
    ['icons/icon-512.png', file('image/png', await png(512))],
    ['icons/maskable-192.png', file('image/png', await maskable(192))],
    ['icons/maskable-512.png', file('image/png', await maskable(512))],
    ['icons/apple-touch-icon.png', file('image/png', await maskable(180))],
    ['icons/logo-96.png', file('image/png', logo96)],
  ]);
}

import { IMAGE_ASPECT, IMAGE_MESSAGES, IMAGE_WIDTHS, type ImageKind } from '@comanda/shared';
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { HttpError } from '../../lib/http-error';

/** One file of an uploaded image, named as its URL under /images/u/ ends. */
export interface ImageFile {
  name: string;
  contentType: 'image/webp' | 'image/avif';
  data: Buffer;
}

export interface EncodedImage {
  /** The canonical file (the widest WebP) first, then every `w<width>` copy. */
  files: ImageFile[];
  canonical: string;
  width: number;
  height: number;
}

/**
 * A decompression bomb (a small file that opens into billions of pixels) is refused before it
 * is decoded: no photo a chain uploads needs more than this.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

const WEBP = { quality: 80, effort: 4 } as const;
// AVIF encodes far slower than WebP; effort 3 keeps an upload around a second on a small server.
const AVIF = { quality: 50, effort: 3 } as const;

/** What the first bytes say the file is; its name and declared type are not believed. */
export function sniffImageType(head: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export const refused = (message: string) =>
  new HttpError(400, message, { errors: { file: [message] } });

export const DECODE = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS } as const;

/**
 * sharp (libvips), loaded by the first image to read or make: a node that receives no upload and
 * serves no icon never loads it, and every node starts without it (decision 107).
 */
export const loadSharp = async () => (await import('sharp')).default;

/** The header only (nothing is decoded yet): refuses a wrong type or too many pixels on its own reason. */
export async function checkedMetadata(input: Buffer): Promise<Metadata> {
  const sniffed = sniffImageType(input);
  if (!sniffed) throw refused(IMAGE_MESSAGES.type);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    throw refused(IMAGE_MESSAGES.broken);
  }
  if (meta.format !== sniffed) throw refused(IMAGE_MESSAGES.type);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw refused(IMAGE_MESSAGES.tooManyPixels);
  return meta;
}

/**
 * The upright size (EXIF orientations 5-8 swap the sides), the largest frame of the kind's
 * shape inside it, and the canonical size: the widest copy, or the frame itself when smaller.
 */
function canonicalSize(meta: Metadata, kind: ImageKind) {
  const { width: rw, height: rh } = IMAGE_ASPECT[kind];
  const widest = IMAGE_WIDTHS[kind].at(-1) ?? 0;
  const { width: srcW, height: srcH } = meta.autoOrient;
  const frameW = Math.max(1, Math.min(srcW, Math.floor((srcH * rw) / rh)));
  const width = Math.min(widest, frameW);
  const heightFor = (w: number) => Math.max(1, Math.round((w * rh) / rw));
  return { width, height: heightFor(width), heightFor };
}

/**
 * Decoded once, completely (a truncated file fails here), to the canonical size; each copy's
 * WebP and AVIF are cut from these pixels.
 */
async function encodeCopies(
  input: Buffer,
  widths: readonly number[],
  size: ReturnType<typeof canonicalSize>,
) {
  const { width, height, heightFor } = size;
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, DECODE)
      .rotate()
      .resize({ width, height, fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refused(IMAGE_MESSAGES.broken);
  }
  const raw = {
    raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels },
  } as const;
  const at = (w: number) => {
    const base = sharp(pixels.data, raw);
    return w >= width ? base : base.resize({ width: w, height: heightFor(w), fit: 'fill' });
  };
  return Promise.all(
    widths.map(async (w) => ({
      width: w,
      webp: await at(Math.min(w, width)).webp(WEBP).toBuffer(),
      avif: await at(Math.min(w, width)).avif(AVIF).toBuffer(),
    })),
  );
}

/**
 * Re-encodes an upload for the storefront: its content must be a JPEG, PNG or WebP that decodes
 * completely (a truncated or corrupt one is refused), it is turned upright by its EXIF
 * orientation, cut to the frame its kind is shown in, and written as new WebP and AVIF files at
 * the widths of `IMAGE_WIDTHS[kind]`, never larger than the source: a copy asked wider than the
 * photo holds the photo at its own size. Only pixels are carried over, so EXIF (GPS position,
 * camera), ICC comments and anything hidden in the original are gone. Names carry a hash of the
 * canonical file, so the same photo uploaded twice has the same URL.
 */
export async function encodeImage(input: Buffer, kind: ImageKind): Promise<EncodedImage> {
  const meta = await checkedMetadata(input);
  const size = canonicalSize(meta, kind);
  const copies = await encodeCopies(input, IMAGE_WIDTHS[kind], size);
  const canonicalData = copies.at(-1)?.webp ?? Buffer.alloc(0);
  const stem = `${kind}.${createHash('sha256').update(canonicalData).digest('hex').slice(0, 16)}`;
  const files: ImageFile[] = [
    { name: `${stem}.webp`, contentType: 'image/webp', data: canonicalData },
  ];
  for (const copy of copies) {
    files.push({ name: `${stem}.w${copy.width}.webp`, contentType: 'image/webp', data: copy.webp });
    files.push({ name: `${stem}.w${copy.width}.avif`, contentType: 'image/avif', data: copy.avif });
  }
  return {
    files,
    canonical: `${UPLOADS_PREFIX}${stem}.webp`,
    width: size.width,
    height: size.height,
  };
}

/** Where uploads are served: apart from the seed's artwork, which is under /images/<kind>s/. */
export const UPLOADS_PREFIX = '/images/u/';

/** A file name an upload may have: what `encodeImage` writes, nothing else (no path, no dots). */
export const UPLOAD_FILE_NAME =
  /^(product|category|banner|coupon)\.[0-9a-f]{16}(\.w[0-9]{1,4})?\.(webp|avif)$/;

import sharp from 'sharp';

/** Real image files for the upload tests, made here so no binary fixture is committed. */

/** A photo with an EXIF orientation (6: shot with the phone turned), a GPS-ish comment and colour. */
export const jpegPhoto = (width = 800, height = 600, seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80 + seed, b: 40 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Copyright: 'secreto', ImageDescription: 'Casa de Ana' } },
    })
    .toBuffer();

export const pngPicture = (width = 1000, height = 700) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

export const gifPicture = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipart(
  file: Buffer,
  { field = 'file', filename = 'foto.jpg', type = 'image/jpeg' } = {},
) {
  return multipartParts([{ field, filename, type, data: file }]);
}

/** A multipart body with these parts in order: files (with a file name) and text fields. */
export function multipartParts(
  parts: { field: string; data: Buffer | string; filename?: string; type?: string }[],
) {
  const boundary = `----comanda${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap(({ field, data, filename, type }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
        `${type === undefined ? '' : `Content-Type: ${type}\r\n`}\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([...chunks, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// After `vite build`: writes .br (quality 11) and .gz (level 9) beside every text asset, so the
// server sends them pre-compressed (@fastify/static preCompressed) at no CPU cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

for (const path of files(dist)) {
  if (!compressible.test(path) || path.includes('/.vite/')) continue;
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
}

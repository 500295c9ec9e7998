// `npm run bench:web`: builds the storefront and prints what a customer downloads on a cold
// first visit to /menu — the entry and its static imports, plus the /menu route's lazy chunk and
// its static imports — raw and gzipped (level 9), against the budget of ≤ 100 KB of gzipped JS.
// It exits with status 1 above the budget (decision 030): React DOM alone is about 60 KB of it,
// so a dependency or a screen that slips into the first load is caught where it lands.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');
const MENU_ROUTE = 'src/app/routes/menu.tsx';
/** docs/architecture.md «Performance budgets». */
const BUDGET_JS_GZIP = 100 * 1024;

// The web package's whole build (browser build, compressed copies, server-side entry): a bare
// `vite build` would empty dist/ and leave the server without its server-side entry.
const built = spawnSync('npm', ['run', 'build', '--silent'], {
  cwd: appDir,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
if (!manifest[MENU_ROUTE])
  throw new Error(`The manifest has no chunk for ${MENU_ROUTE}: is /menu still lazy?`);

/** Files in load order, each with the reason it is there. */
const files = new Map();
const visited = new Set();
function walk(key, reason) {
  if (visited.has(key)) return;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, reason);
  for (const imported of chunk.imports ?? []) walk(imported, reason);
}
walk(entryKey, 'entry');
walk(MENU_ROUTE, '/menu route');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [...files].map(([file, reason]) => {
  const content = readFileSync(join(distDir, file));
  return {
    file,
    reason,
    kind: file.endsWith('.css') ? 'css' : 'js',
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  };
});

const html = readFileSync(join(distDir, 'index.html'));
const width = Math.max(...rows.map((row) => row.file.length), 'index.html'.length);
const line = (name, reason, raw, gzip) =>
  `${name.padEnd(width)}  ${reason.padEnd(12)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;

console.log('\nFirst load of /menu (cold cache)\n');
console.log(line('file', 'why', 'raw', 'gzip -9'));
console.log('-'.repeat(width + 38));
console.log(
  line('index.html', 'document', kb(html.length), kb(gzipSync(html, { level: 9 }).length)),
);
for (const row of rows) console.log(line(row.file, row.reason, kb(row.raw), kb(row.gzip)));
console.log('-'.repeat(width + 38));

const total = (kind) =>
  rows
    .filter((row) => row.kind === kind)
    .reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
      raw: 0,
      gzip: 0,
    });
const js = total('js');
const css = total('css');
console.log(
  line('total JS', `${rows.filter((r) => r.kind === 'js').length} files`, kb(js.raw), kb(js.gzip)),
);
console.log(
  line(
    'total CSS',
    `${rows.filter((r) => r.kind === 'css').length} files`,
    kb(css.raw),
    kb(css.gzip),
  ),
);

const verdict = js.gzip <= BUDGET_JS_GZIP ? 'within' : 'OVER';
const diff = Math.abs(BUDGET_JS_GZIP - js.gzip);
console.log(
  `\nBudget: ≤ ${kb(BUDGET_JS_GZIP)} gzipped JS on first load of /menu — ${verdict} by ${kb(diff)} (${diff} bytes).\n`,
);
// Bytes do not depend on the load; the record carries the machine and load all the same.
const record = benchRecord('web', { loadSensitive: false });
record.figure('/menu first-load JS, gzip', js.gzip / 1024, 'KB', {
  goal: `≤ ${kb(BUDGET_JS_GZIP)}`,
  met: js.gzip <= BUDGET_JS_GZIP,
});
record.figure('/menu first-load CSS, gzip', css.gzip / 1024, 'KB');
record.finish();
if (js.gzip > BUDGET_JS_GZIP) process.exitCode = 1;

// Bundles the server and @comanda/shared (TypeScript source) into dist/server.js, the orders'
// writer thread into dist/order-writer.js, the thread reading new orders' payloads into
// dist/order-payloads.js, Informes' catch-up thread into
// dist/insights-catch-up.js, the payment simulator into dist/payment-simulator.js
// and the backup and restore commands into dist/backup.js beside it; npm packages stay external
// and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@comanda/'));

await build({
  entryPoints: {
    server: new URL('../src/server.ts', import.meta.url).pathname,
    'order-writer': new URL(
      '../src/modules/orders/writing/writer-thread.worker.ts',
      import.meta.url,
    ).pathname,
    // New orders' payloads read off the event loop (decision 103).
    'order-payloads': new URL(
      '../src/modules/orders/placement/payload-thread.worker.ts',
      import.meta.url,
    ).pathname,
    // Informes' catch-up on SQLite (decision 095), a thread of its own beside the writer.
    'insights-catch-up': new URL('../src/modules/insights/catch-up.worker.ts', import.meta.url)
      .pathname,
    // `npm run backup` / `npm run restore` (decision 080), with the server's config and database.
    backup: new URL('../src/backup/cli.ts', import.meta.url).pathname,
    // The payment simulator as a process of its own (tests with several nodes, bench:payments).
    'payment-simulator': new URL('../src/payment-simulator/main.ts', import.meta.url).pathname,
  },
  outdir: new URL('../dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

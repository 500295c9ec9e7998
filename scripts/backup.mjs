// `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (decision 080): builds the
// server's bundle when it is missing or stale, then runs apps/server/dist/backup.js as `npm start`
// runs the server (from the repository's root, with the root `.env` when there is one), so the
// command reads the same configuration (DATABASE_URL, IMAGE_STORE, IMAGES_DIR) as the server. A
// relative <file> is taken from where npm was run, not from the root npm moves to.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { buildIfStale, root } from './lib/build.mjs';

const [command, ...args] = process.argv.slice(2);
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const paths = args.map((arg) =>
  arg.startsWith('--') || isAbsolute(arg) ? arg : resolve(invokedFrom, arg),
);

buildIfStale({ quiet: true, only: '@comanda/server' });

const envFile = join(root, '.env');
const child = spawn(
  process.execPath,
  [
    ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
    join(root, 'apps/server/dist/backup.js'),
    command,
    ...paths,
  ],
  { cwd: root, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

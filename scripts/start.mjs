// `npm start`: build what is missing or stale, then run the server (which migrates the database
// and seeds the demo chain when it is empty) and print where the storefront is.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from './lib/build.mjs';
import { requireSupportedNode } from './lib/node-version.mjs';
import { serverArgs } from './lib/server-command.mjs';

requireSupportedNode();
buildIfStale();

const envFile = join(root, '.env');
const args = serverArgs(existsSync(envFile) ? [`--env-file=${envFile}`] : []);
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

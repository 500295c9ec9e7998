// Builds the storefront and the server bundle when their sources are newer than the build,
// so `npm start` and `npm test` work on a fresh clone and stay fast on the second run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The server bundle `npm run build -w @comanda/server` writes (run by `server-command.mjs`). */
export const SERVER_BUNDLE = join(root, 'apps/server/dist/server.js');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

function run(workspace) {
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `only`: one workspace's build (`@comanda/server` for the backup command, which serves no page). */
export function buildIfStale({ quiet = false, only = undefined } = {}) {
  const shared = ['packages/shared/src', 'package-lock.json'];
  const targets = [
    {
      workspace: '@comanda/web',
      output: join(root, 'apps/web/dist/index.html'),
      inputs: [
        ...shared,
        'apps/web/src',
        'apps/web/index.html',
        'apps/web/public',
        'apps/web/vite.config.ts',
      ],
    },
    {
      workspace: '@comanda/server',
      output: SERVER_BUNDLE,
      inputs: [...shared, 'apps/server/src', 'apps/server/scripts/build.mjs'],
    },
  ];
  for (const target of targets) {
    if (only && target.workspace !== only) continue;
    if (isStale(target.output, target.inputs)) {
      if (!quiet) console.log(`Building ${target.workspace}…`);
      run(target.workspace);
    }
  }
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The release the running nodes may still be on while this version ships: the last line of
 * deploy/releases.json (decision 081). Releases are recorded in the repository, not as git tags,
 * which a checkout may drop; the history a checkout keeps has their commits.
 */
export interface Release {
  name: string;
  commit: string;
  /**
   * Whether the release starts on a database a newer one has migrated. Every release cut after
   * the migrator learnt to (db/newer-migrations.ts) does; the first one recorded does not.
   */
  startsOnNewerMigrations: boolean;
}

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const RELEASES_FILE = join(repoRoot, 'deploy/releases.json');
const MIGRATIONS_DIR = 'apps/server/src/db/migrations';

/** What building the server bundle reads (apps/server/scripts/build.mjs and the sources). */
const BUILD_INPUTS = [
  'tsconfig.base.json',
  'packages/shared',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/scripts/build.mjs',
  'apps/server/src',
  // Read at run time beside the bundle: the shipped logo and the demo chain's photos.
  'apps/server/public',
];

export function previousRelease(): Release {
  const { releases } = JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) as {
    releases: Partial<Release>[];
  };
  const last = releases.at(-1);
  if (!last?.name || !/^[0-9a-f]{40}$/.test(last.commit ?? ''))
    throw new Error(`${RELEASES_FILE}: the last release needs a name and a full commit SHA`);
  return {
    name: last.name,
    commit: last.commit!,
    startsOnNewerMigrations: last.startsOnNewerMigrations ?? true,
  };
}

/** Runs git in the repository; its output, or a failure that says what git said. */
export function git(args: string[]): string {
  const run = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0)
    throw new Error(
      `git ${args.join(' ')} failed (a checkout needs the released commits' history): ${run.stderr}`,
    );
  return run.stdout;
}

/** The migrations a commit has, by name (their files, as migrationsFor names them). */
export function migrationNamesAt(commit: string): string[] {
  return git(['ls-tree', '--name-only', `${commit}:${MIGRATIONS_DIR}`])
    .split('\n')
    .filter((file) => /^\d{3}-.+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''));
}

/** A migration file's text at a commit, or the working tree's when no commit is given. */
export function migrationSource(name: string, commit?: string): string {
  const path = `${MIGRATIONS_DIR}/${name}.ts`;
  return commit ? git(['show', `${commit}:${path}`]) : readFileSync(join(repoRoot, path), 'utf8');
}

/**
 * The release's server bundle, built once per commit from `git archive` with the release's own
 * build script, under node_modules/.cache (CI's `npm ci` starts it afresh). The release's
 * @comanda/shared is its own; every npm package is today's node_modules, found by walking up from
 * the cache: a release whose lock file differs from today's runs on today's packages.
 */
export function releaseBundle(commit: string): string {
  const dir = join(repoRoot, 'node_modules/.cache/comanda-releases', commit);
  const bundle = join(dir, 'apps/server/dist/server.js');
  if (existsSync(bundle)) return bundle;
  // Built beside and renamed into place, so that two suites building at once never see half.
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(building, 'node_modules/@comanda'), { recursive: true });
  const archive = join(building, 'release.tar');
  git(['archive', '--format=tar', '-o', archive, commit, ...BUILD_INPUTS]);
  run('tar', ['-xf', archive, '-C', building], building);
  rmSync(archive);
  symlinkSync('../../packages/shared', join(building, 'node_modules/@comanda/shared'));
  run(process.execPath, ['scripts/build.mjs'], join(building, 'apps/server'));
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(bundle)) throw error;
  }
  return bundle;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${result.stderr}`);
}

// `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (decision 080), on the
// database the server is configured for (DATABASE_URL, IMAGE_STORE, IMAGES_DIR: config.ts).
// Bundled as dist/backup.js; scripts/backup.mjs runs it as `npm start` runs the server. One line
// on success, one line on failure and a non-zero exit.
import { loadConfig } from '../config';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const USAGE = 'usage: npm run backup -- <file>  |  npm run restore -- <file> [--force]';

const size = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
const orders = (counts: Record<string, number>) => `${counts.orders ?? 0} orders`;

async function run(command: string | undefined, args: string[]): Promise<string> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const file = files[0];
  if (files.length !== 1 || !file || (command === 'backup' && force)) throw new UsageError(USAGE);
  const config = loadConfig();
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const { manifest, bytes } = await createBackup(config, file);
    return `backup: ${file} — ${manifest.dialect}, ${orders(manifest.counts)}, ${manifest.images} images, migration ${manifest.migration ?? 'none'}, ${size(bytes)} in ${seconds()}`;
  }
  if (command === 'restore') {
    const restored = await restoreBackup(config, file, { force });
    return `restore: ${file} (made ${restored.created_at}) — ${orders(restored.counts)}, ${restored.restoredImages} images, every table's rows checked, in ${seconds()}; the server migrates the schema when it starts`;
  }
  throw new UsageError(USAGE);
}

class UsageError extends Error {}

const [command, ...args] = process.argv.slice(2);
run(command, args).then(
  (line) => console.log(line),
  (error: unknown) => {
    // A connection that failed says why in its cause (refused, timed out, password).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const message =
      (error instanceof Error ? error.message : String(error)) +
      (cause && !(error as Error).message.includes(cause.message) ? `: ${cause.message}` : '');
    console.error(`${command ?? 'backup'} failed: ${message.split('\n').join(' ')}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);

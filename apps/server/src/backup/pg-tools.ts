import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** libpq's names for what node-postgres reads from a URL's query. */
const QUERY_PARAMETERS = [
  'host',
  'options',
  'application_name',
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
];

const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * A `postgres://` URL as libpq's keyword/value connection string, for pg_dump and psql. The
 * query's parameters are read as node-postgres reads them (`+` is a space), which a URL handed
 * to libpq as is would not do (`options=-c+search_path=…`). The password goes into a password
 * file in `privateDir` (mode 0600) rather than onto a command line anyone can read with `ps`.
 */
export async function libpqConnection(url: string, privateDir: string): Promise<string> {
  const parsed = new URL(url);
  const pairs: [string, string][] = [
    ['host', decodeURIComponent(parsed.hostname)],
    ['port', parsed.port],
    ['dbname', decodeURIComponent(parsed.pathname.slice(1))],
    ['user', decodeURIComponent(parsed.username)],
  ];
  for (const name of QUERY_PARAMETERS) pairs.push([name, parsed.searchParams.get(name) ?? '']);
  const password = decodeURIComponent(parsed.password);
  if (password) {
    const passfile = join(privateDir, 'pgpass');
    const escaped = password.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
    await writeFile(passfile, `*:*:*:*:${escaped}\n`, { mode: 0o600 });
    pairs.push(['passfile', passfile]);
  }
  return pairs
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${quoted(value)}`)
    .join(' ');
}

const firstErrorLine = (stderr: string) => {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  return (lines.find((line) => /error|fatal/i.test(line)) ?? lines[0] ?? '').trim();
};

export interface Tool {
  /** What it writes to standard output, for the next tool of a pipe (`startTool(…, { piped })`). */
  stdout: NodeJS.ReadableStream;
  /**
   * Its standard output as text once it exits 0 (empty when piped); else a rejection in one
   * line: the tool's first error line, or why it could not start (`pg_dump` not installed).
   */
  done: Promise<string>;
}

/**
 * Starts a PostgreSQL client tool with this process's environment (PATH, locale, PG* settings).
 * `stdin`: what it reads (another tool's output); `piped`: its output goes to another tool.
 */
export function startTool(
  [program, ...args]: [string, ...string[]],
  { stdin, piped = false }: { stdin?: NodeJS.ReadableStream; piped?: boolean } = {},
): Tool {
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  if (!piped) child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  // A consumer that stopped early (psql at its first error) closes the pipe: its own error is
  // the one reported, not the writer's EPIPE.
  child.stdin.on('error', () => undefined);
  if (stdin) stdin.pipe(child.stdin);
  else child.stdin.end();
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`
            : `${program}: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${program} failed (exit ${code}): ${firstErrorLine(err)}`));
    });
  });
  return { stdout: child.stdout, done };
}

/** Runs one tool to its end: its output, or its one-line error. */
export const runTool = (command: [string, ...string[]]): Promise<string> => startTool(command).done;

import closeWithGrace from 'close-with-grace';
import { buildApp, type App } from './app';
import {
  demoSeedDecision,
  docsAccess,
  loadConfig,
  paymentsDecision,
  postgresTimeouts,
  secretsKeys,
} from './config';
import { isPostgresUrl } from './db/dialect';
import { openDatabase, type OpenedDatabase } from './db/open';
import { devInboxPath } from './modules/mail/plugin';
import { stopDeadlineMs, stopGracefully } from './lib/graceful-stop';

/** Entry point: configuration, database, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  // Refused before the database is touched: the simulator in production, Wompi without its keys.
  const payments = paymentsDecision(config);
  // Refused too: production without SECRETS_KEY (decision 075).
  const secrets = secretsKeys(config);
  const demo = demoSeedDecision(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    seedDemo: demo.seed,
    timeouts: postgresTimeouts(config),
  });
  const app = await buildApp({ config, database });

  app.log.info(
    {
      dialect: database.dialect,
      database: isPostgresUrl(config.DATABASE_URL) ? 'postgres' : config.DATABASE_URL,
    },
    'database ready',
  );
  warnOfMigrationsBeside(app, database);
  app.log.info(
    database.seeded
      ? `demo chain seeded (${demo.reason})`
      : demo.seed
        ? 'demo chain not seeded: the database already has data'
        : `demo chain not seeded (${demo.reason})`,
  );

  app.log.info(
    payments.provider === null
      ? `online payment off (${payments.reason})`
      : `online payment through ${payments.provider}${payments.simulator ? ` (the payment simulator, ${payments.simulator})` : ''}: ${payments.reason}`,
  );

  app.log.info(`secrets at rest sealed with ${secrets.reason}`);

  closeWithGrace({ delay: stopDeadlineMs(config) }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    await stopGracefully(app, {
      signal: err ? undefined : signal,
      drainMs: config.SHUTDOWN_DRAIN_MS,
    });
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info({ url: `http://${shown}:${port}` }, 'listening');
  // One plain line for the person who ran `npm start`, between the JSON log lines.
  const docs = docsAccess(config);
  const api =
    docs === 'off' ? '' : `  (API: /docs${docs === 'admin' ? ', solo administración' : ''})`;
  const inbox = devInboxPath(config);
  const mail = inbox ? `\n  Correos de desarrollo: http://${shown}:${port}${inbox}` : '';
  console.log(`\n  Comanda está lista: http://${shown}:${port}${api}${mail}\n`);
}

/** A rolling deploy or a rollback: a newer release has migrated the database (decision 081). */
/** What the start's migrations met of other releases' nodes (decisions 081 and 110). */
function warnOfMigrationsBeside(
  app: App,
  { newerMigrations, migrationLockConflicts }: OpenedDatabase,
) {
  if (newerMigrations.length > 0)
    app.log.warn(
      { migrations: newerMigrations },
      'the database has migrations of a newer release: running beside them',
    );
  if (migrationLockConflicts > 0)
    app.log.warn(
      { conflicts: migrationLockConflicts },
      'the migrations lost locks to running nodes and ran again',
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

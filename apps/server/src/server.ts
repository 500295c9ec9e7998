import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { isPostgresUrl } from './db/dialect';
import { openDatabase } from './db/open';

/** Entry point: configuration, database, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, seedDemo: config.SEED_DEMO });
  const app = await buildApp({ config, database });

  app.log.info(
    { dialect: database.dialect, database: isPostgresUrl(config.DATABASE_URL) ? 'postgres' : config.DATABASE_URL },
    database.seeded ? 'database ready, demo chain seeded' : 'database ready',
  );

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'stopping: finishing requests in flight');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info({ url: `http://${shown}:${port}` }, 'listening');
  // One plain line for the person who ran `npm start`, between the JSON log lines.
  console.log(`\n  Comanda está lista: http://${shown}:${port}  (API: /docs)\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

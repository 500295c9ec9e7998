// `npm run insights:rebuild -w @comanda/server`: Informes' rollups made again from the orders
// table (decision 069), on the database the server is configured for (DATABASE_URL, default the
// SQLite file). Safe while the servers run: each page of orders is its own short transaction
// under the rollups' lock, other nodes' catch-ups wait for it to end, and what changes meanwhile
// is caught up afterwards. Reports read partial figures while it runs.
import { loadConfig, postgresTimeouts } from '../src/config';
import { openDatabase } from '../src/db/open';
import { systemClock } from '../src/lib/clock';
import { createInsightsService } from '../src/modules/insights/service';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  seedDemo: false,
  // Emptying years of rollups may take longer than a request is allowed to.
  timeouts: { ...postgresTimeouts(config), statementMs: 0 },
});
try {
  const insights = createInsightsService({
    db: database.db,
    dialect: database.dialect,
    clock: systemClock,
  });
  const started = performance.now();
  const orders = await insights.rebuild();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `insights:rebuild — ${orders} orders rolled up in ${seconds} s (${database.dialect})`,
  );
} finally {
  await database.db.destroy();
}

import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/dialect';

/**
 * What is read when Prometheus scrapes rather than counted as it happens, so serving costs
 * nothing for it: this node's sockets by kind, Redis's link, the database pool, the orders'
 * writer backlog, the fast paths' answers. Read from the app at scrape time: the plugins that
 * own them are registered after this one (decision 079).
 */
export function scrapeGauges(app: FastifyInstance, registry: Registry, database: DatabaseHandle) {
  socketGauge(app, registry);
  if (app.redis) redisGauge(app, registry);
  poolGauges(registry, database);
  new Gauge({
    name: 'comanda_order_writes_waiting',
    help: 'Orders waiting for their commit: queued for the group commit or in the batch being written.',
    registers: [registry],
    collect() {
      this.set(app.orders.writesWaiting());
    },
  });
  new Counter({
    name: 'comanda_fast_path_answers_total',
    help: 'Answers the catalogue and page fast paths wrote before Fastify (not in the HTTP histogram).',
    labelNames: ['path'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ path: 'catalog' }, app.catalogFastPath.answered);
      this.inc({ path: 'page' }, app.pageFastPath.answered);
    },
  });
}

/** Which screen a socket is: the storefront (anonymous or a customer), the console (staff, admins), a courier's phone. */
const KINDS = ['storefront', 'console', 'courier'] as const;
function kindOf(role: string | undefined): (typeof KINDS)[number] {
  if (role === 'staff' || role === 'admin') return 'console';
  return role === 'courier' ? 'courier' : 'storefront';
}

function socketGauge(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'comanda_socket_connections',
    help: 'Socket.IO connections open on this node, by kind: storefront, console, courier.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const counts = { storefront: 0, console: 0, courier: 0 };
      for (const socket of app.io.of('/').sockets.values())
        counts[kindOf(socket.data.user?.role)] += 1;
      for (const kind of KINDS) this.set({ kind }, counts[kind]);
    },
  });
}

function redisGauge(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'comanda_redis_up',
    help: 'Whether this node hears Redis now (1) or serves alone (0); absent without REDIS_URL.',
    registers: [registry],
    collect() {
      this.set(app.redis?.available() ? 1 : 0);
    },
  });
}

/** PostgreSQL's pool (SQLite has one connection on the event loop, and the writer's backlog above). */
function poolGauges(registry: Registry, { poolStats }: DatabaseHandle) {
  if (!poolStats) return;
  new Gauge({
    name: 'comanda_db_pool_connections',
    help: 'PostgreSQL connections of this node, by state: busy or idle.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { open, idle } = poolStats();
      this.set({ state: 'busy' }, open - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'comanda_db_pool_waiting',
    help: 'Queries waiting now for a PostgreSQL connection to come free.',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
  new Counter({
    name: 'comanda_db_pool_waits_total',
    help: 'Queries that found every PostgreSQL connection busy and had to wait for one.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(poolStats().waitsTotal);
    },
  });
}

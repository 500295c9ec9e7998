import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/dialect';
import { bearerToken } from '../lib/bearer-token';

import { backlogGauges } from './metrics/backlog';
import { branchGauge } from './metrics/branches';
import { scrapeReadings } from './metrics/deadline';
import { observeHttp } from './metrics/http';
import { NO_ORDER_METRICS, type OrderMetrics } from './metrics/order-metrics';
import { createInstruments, orderMetricsOf } from './metrics/instruments';
import { processRegistry } from './metrics/process';
import { scrapeGauges } from './metrics/scrape-gauges';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the modules count for Prometheus; counts nothing while /metrics is off. */
    metrics: { orders: OrderMetrics };
  }
}

/** Said to a scraper without the right token (bad input answers in Spanish, like every 4xx). */
export const METRICS_TOKEN_REFUSED = 'Falta el token de métricas o no es el configurado.';

/**
 * GET /metrics in Prometheus' text format (decision 079), for whoever sends
 * `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it is not served at all (404,
 * like any unknown path) and nothing is counted, so a node nobody scrapes pays nothing. Like
 * /healthz it is operational, not under /api, so not in the contract nor registered by route().
 * Each app has its own registry (tests build several apps in one process); the process's own
 * metrics come from one registry per process (metrics/process.ts).
 */
export const metricsPlugin = fp<{ token: string | undefined; database: DatabaseHandle }>(
  async (app, { token, database }) => {
    if (!token) {
      app.decorate('metrics', { orders: NO_ORDER_METRICS });
      return;
    }
    const registry = new Registry();
    const instruments = createInstruments(registry);
    observeHttp(app, instruments);
    scrapeGauges(app, registry, database);
    const readings = scrapeReadings(registry);
    backlogGauges(app, registry, readings);
    branchGauge(app, registry, instruments, readings);
    readings.registerFailures();
    app.decorate('metrics', { orders: orderMetricsOf(instruments) });
    // Made now, not at the first scrape: the CPU and the event loop are measured from here.
    serveMetrics(app, token, [processRegistry(), registry]);
  },
  { name: 'metrics', dependencies: ['db', 'redis'] },
);

function serveMetrics(app: FastifyInstance, token: string, registries: Registry[]) {
  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    // Compared as digests of equal length, in constant time: the answer's timing says nothing
    // about how much of a guess was right.
    if (given === null || !timingSafeEqual(digest(given), expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: METRICS_TOKEN_REFUSED });
    const texts = await Promise.all(registries.map((registry) => registry.metrics()));
    return reply
      .type(Registry.PROMETHEUS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(texts.join(''));
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { constants } from 'node:zlib';
import { docsAccess, paymentsDecision, type Config, type TrustProxy } from './config';
import type { DatabaseHandle } from './db/dialect';
import { threadDatabaseOf } from './db/thread-connection';
import { systemClock, type Clock } from './lib/clock';
import { serverWithFastPath, type FastPath } from './lib/fast-path';
import { requestIdsFor, type RequestIds } from './lib/request-id';
import { accountsPlugin } from './modules/accounts/plugin';
import { adminBranchesPlugin } from './modules/admin-branches/plugin';
import { adminBranchesRoutes } from './modules/admin-branches/routes';
import { accountsRoutes } from './modules/accounts/routes';
import { secondFactorPlugin } from './modules/accounts/second-factor-plugin';
import { secondFactorRoutes } from './modules/accounts/second-factor-routes';
import { sessionsRoutes } from './modules/accounts/sessions-routes';
import { adminContentPlugin } from './modules/admin-content/plugin';
import { adminContentRoutes } from './modules/admin-content/routes';
import { promotionsPlugin } from './modules/promotions/plugin';
import { promotionRoutes } from './modules/promotions/routes';
import { addressesPlugin } from './modules/addresses/plugin';
import { addressesRoutes } from './modules/addresses/routes';
import { adminMenuPlugin } from './modules/admin-menu/plugin';
import { adminMenuRoutes } from './modules/admin-menu/routes';
import { auditPlugin } from './modules/audit/plugin';
import { auditRoutes } from './modules/audit/routes';
import {
  catalogFastPathPlugin,
  createCatalogFastPath,
  type CatalogFastPath,
} from './modules/catalog/fast-path';
import { brandPlugin } from './modules/brand/plugin';
import { brandFileRoutes, brandRoutes } from './modules/brand/routes';
import { catalogPlugin } from './modules/catalog/plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { consolePlugin } from './modules/console/plugin';
import { consoleRoutes } from './modules/console/routes';
import { deliveryPlugin } from './modules/delivery/plugin';
import { dispatchPlugin } from './modules/dispatch/plugin';
import { dispatchRoutes } from './modules/dispatch/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { favoritesPlugin } from './modules/favorites/plugin';
import { favoritesRoutes } from './modules/favorites/routes';
import { ratingsPlugin } from './modules/ratings/plugin';
import { counterPlugin } from './modules/counter/plugin';
import { counterRoutes } from './modules/counter/routes';
import { ratingsRoutes } from './modules/ratings/routes';
import { imagesPlugin } from './modules/images/plugin';
import { insightsPlugin } from './modules/insights/plugin';
import { insightsRoutes } from './modules/insights/routes';
import { liveInsightsRoutes } from './modules/insights/live-routes';
import { staffPlugin } from './modules/staff/plugin';
import { staffRoutes } from './modules/staff/routes';
import { imageFilesRoutes, imagesRoutes } from './modules/images/routes';
import { mailPlugin } from './modules/mail/plugin';
import { mailRoutes } from './modules/mail/routes';
import { marketingPlugin } from './modules/marketing/plugin';
import { marketingAdminRoutes } from './modules/marketing/admin-routes';
import { marketingRoutes } from './modules/marketing/routes';
import { ordersPlugin } from './modules/orders/plugin';
import { ordersRoutes } from './modules/orders/routes';
import { paymentsPlugin } from './modules/payments/plugin';
import { paymentsRoutes } from './modules/payments/routes';
import { printersPlugin, printersRoutes } from './modules/printers/plugin';
import { stationsPlugin, stationsRoutes } from './modules/stations/plugin';
import { authorizationPlugin } from './plugins/authorization';
import { catalogEventsPlugin } from './plugins/catalog-events';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { requestLogPlugin } from './plugins/request-log';
import { socketPlugin } from './plugins/socket';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { createPageFastPath, type PageFastPath } from './plugins/web/page-fast-path';
import { DEFAULT_WEB_DIST } from './paths';

export interface AppOptions {
  config: Config;
  /** An open, migrated database. The app closes it when it closes. */
  database: DatabaseHandle;
  /** Overrides pino options (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** The time every service and plugin reads (lib/clock.ts); the system's by default. */
  clock?: Clock;
}

/**
 * Builds the whole server without listening: cross-cutting plugins, then the resource
 * modules (repositories and services), then routes. server.ts listens; tests use inject().
 */
export async function buildApp({ config, database, logger, clock = systemClock }: AppOptions) {
  // Two lines per request are a debugging aid, not a default: see plugins/request-log.ts.
  const logsEachRequest = ['debug', 'trace'].includes(config.LOG_LEVEL);
  const catalogFastPath = createCatalogFastPath();
  const pageFastPath = createPageFastPath();
  // The proxy's X-Request-Id when a proxy is trusted and it is safe, else our own (lib/request-id.ts).
  const requestIds = requestIdsFor(config.TRUST_PROXY !== false);
  const app = createServer(
    config,
    logger,
    logsEachRequest,
    requestIds,
    (request, response) =>
      catalogFastPath.answer(request, response) || pageFastPath.answer(request, response),
  );
  app.decorate('clock', clock);
  app.decorate('requestIds', requestIds);
  await registerCrossCutting(app, config, database);
  await registerModules(app, config, database, catalogFastPath, logsEachRequest);
  await registerRoutes(app, config, pageFastPath, logsEachRequest);
  return app;
}

function createServer(
  config: Config,
  logger: AppOptions['logger'],
  logsEachRequest: boolean,
  requestIds: RequestIds,
  fastPath: FastPath,
) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    logController: new LogController({ disableRequestLogging: !logsEachRequest }),
    // The catalogue's cached answers and the kept rendered pages are written before Fastify's
    // routing (decision 023); every other request goes to Fastify as usual. `inject` bypasses it.
    serverFactory: serverWithFastPath(fastPath),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Behind a load balancer the client address is in X-Forwarded-For, but only a trusted
    // proxy may say so: anyone else could write any address there and dodge the per-IP limits.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: requestIds.generate,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

type Server = ReturnType<typeof createServer>;

async function registerCrossCutting(app: Server, config: Config, database: DatabaseHandle) {
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin, { slowMs: config.SLOW_REQUEST_MS });
  await app.register(securityPlugin);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 is for files compressed once; per-response brotli must stay cheap.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(dbPlugin, { handle: database });
  await app.register(redisPlugin, {
    url: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    timeoutMs: config.REDIS_TIMEOUT_MS,
    sqliteFile: database.file,
  });
  // Before every route: its onResponse hook observes them all (decision 079).
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, database });
  await app.register(catalogEventsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin, { access: docsAccess(config) });
  await app.register(healthPlugin);
}

/** The resource modules: their repositories and services. */
async function registerModules(
  app: Server,
  config: Config,
  database: DatabaseHandle,
  catalogFastPath: CatalogFastPath,
  logsEachRequest: boolean,
) {
  // Who takes the money decides which methods the catalogue offers (decision 061).
  const payments = paymentsDecision(config);
  await app.register(catalogPlugin, {
    online: {
      enabled: payments.provider !== null,
      test: payments.provider !== null && payments.test,
    },
  });
  await app.register(catalogFastPathPlugin, {
    fastPath: catalogFastPath,
    slowMs: config.SLOW_REQUEST_MS,
    enabled: !logsEachRequest,
  });
  await app.register(deliveryPlugin);
  await app.register(mailPlugin, { config });
  await app.register(accountsPlugin, { config });
  await app.register(authorizationPlugin);
  await app.register(auditPlugin);
  await app.register(secondFactorPlugin, { config });
  await app.register(brandPlugin);
  await app.register(favoritesPlugin);
  await app.register(addressesPlugin);
  await app.register(marketingPlugin, { config });
  await app.register(socketPlugin);
  await app.register(ordersPlugin, { config, database });
  await app.register(paymentsPlugin, { config, decision: payments });
  await app.register(consolePlugin);
  await app.register(dispatchPlugin, { config });
  await app.register(imagesPlugin, { config });
  await app.register(staffPlugin);
  await app.register(adminContentPlugin);
  await app.register(promotionsPlugin);
  await app.register(adminMenuPlugin);
  await app.register(adminBranchesPlugin);
  await app.register(insightsPlugin, { config, thread: threadDatabaseOf(database) });
  await app.register(stationsPlugin);
  await app.register(printersPlugin);
  await app.register(ratingsPlugin);
  await app.register(counterPlugin);
}

/** The modules' routes under /api, then the uploaded images and the storefront. */
async function registerRoutes(
  app: Server,
  config: Config,
  pageFastPath: PageFastPath,
  logsEachRequest: boolean,
) {
  for (const routes of [
    catalogRoutes,
    deliveryRoutes,
    accountsRoutes,
    sessionsRoutes,
    secondFactorRoutes,
    brandRoutes,
    favoritesRoutes,
    addressesRoutes,
    ordersRoutes,
    counterRoutes,
    ratingsRoutes,
    consoleRoutes,
    marketingRoutes,
    auditRoutes,
    imagesRoutes,
    staffRoutes,
    adminContentRoutes,
    promotionRoutes,
    marketingAdminRoutes,
    adminMenuRoutes,
    adminBranchesRoutes,
    mailRoutes,
    paymentsRoutes,
    dispatchRoutes,
    liveInsightsRoutes,
    insightsRoutes,
    stationsRoutes,
    printersRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  await app.register(imageFilesRoutes);
  await app.register(brandFileRoutes);
  await app.register(webPlugin, {
    webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST,
    pageFastPath,
    // Off when Fastify logs every request: those lines must not miss any (decision 023).
    fastPathEnabled: !logsEachRequest,
    slowMs: config.SLOW_REQUEST_MS,
    trustsProxy: config.TRUST_PROXY !== false,
  });
}

/**
 * A hop count as a function: Fastify reads a bare number as "trust nobody" (it cannot tell the
 * balancer from a client that connects directly). With `n` the first n hops are trusted, so the
 * client is the address the nearest balancer appended, whatever a client wrote before it.
 */
function trustProxyOption(value: TrustProxy) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

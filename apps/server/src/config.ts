import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { isPostgresUrl } from './db/dialect';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './db/postgres-pool';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY, type SecretBox } from './lib/secret-box';

export { DEVELOPMENT_SECRETS_KEY };

/** What Fastify's `trustProxy` takes: nobody, everybody, a hop count, or addresses and ranges. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for private ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty or `false` trusts no proxy (X-Forwarded-For is ignored: the client
 * is the peer of the TCP connection); `true` trusts every hop (only when nothing but the load
 * balancer can reach the nodes); a number trusts that many hops in front of the node; anything
 * else is a comma-separated list of the balancers' addresses or CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^[0-9]+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not true, false, a hop count, or IP addresses/CIDR ranges: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The only module that reads process.env. Everything else receives a typed Config.
 * An invalid environment stops the server at start with a readable message.
 */
const fields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** `postgres://…` for PostgreSQL, otherwise a path to an SQLite file. */
  DATABASE_URL: z.string().min(1).default('data/comanda.db'),
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take before a 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(DEFAULT_POSTGRES_TIMEOUTS.connectMs),
  /**
   * PostgreSQL: the longest one statement of a request may run (the server's statement_timeout;
   * the client stops waiting a second later, which is what ends a wait on an unreachable host).
   * Past it the request answers 503. Migrations at start are not limited.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_POSTGRES_TIMEOUTS.statementMs),
  /** Several nodes share Socket.IO rooms through Redis when this is set. */
  REDIS_URL: z.string().url().optional(),
  /**
   * What starts every channel and key this deployment uses in Redis, so deployments sharing one
   * Redis never hear each other. Unset, `redisPrefix` derives it from the database's identity.
   */
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9:._-]{0,62}$/,
      'letters, digits and : . _ - (at most 63), starting with a letter or digit',
    )
    .optional(),
  /** How long a Redis connection attempt or command may take before the node serves without it. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /** Which proxies may say who the client is (X-Forwarded-For); the per-IP rate limits use it. */
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request slower than this is logged (one line, warn); every request is logged only at debug. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  /** Where the built storefront lives; served with history fallback. */
  WEB_DIST: z.string().optional(),
  /** Seed the demo chain when the database is empty; unset, `demoSeedDecision` chooses. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  /** How long an access token lives without use (sliding). */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long an access token lives at most, however often it is used (absolute). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Token lookups each node remembers (decision 048), least recently used dropped first; 0 turns
   * the cache off (every request reads its session from the database).
   */
  SESSION_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /**
   * How long a remembered lookup is used before the database is asked again. Invalidation is
   * immediate on every node; this bounds only what nothing announces (a session edited in the
   * database by hand, an invalidation lost while the nodes still hear each other).
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How often each node folds the latest order changes into Informes' rollups (decision 069);
   * 0: never on a timer (a report still catches up before it answers). Benchmarks compare both.
   */
  INSIGHTS_CATCHUP_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Failed logins and registration attempts allowed per client IP in each window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Failed logins allowed per account (email or phone) in each window before each attempt waits a
   * cool-down (decision 076).
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Orders one account may place per minute: far above any person, far below a script. */
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** The most units (the sum of the quantities) one order may hold. */
  ORDER_MAX_UNITS: z.coerce.number().int().min(1).max(100_000).default(200),
  /** The largest total, in whole pesos, one order may have. */
  ORDER_MAX_TOTAL: z.coerce.number().int().min(1).max(2_000_000_000).default(5_000_000),
  /**
   * Where uploaded images live: `database` (a table every node reads) or `local` (a folder of
   * this node). Unset, `imageStoreChoice` decides: the database on PostgreSQL, the folder on SQLite.
   */
  IMAGE_STORE: z.enum(['local', 'database']).optional(),
  /** The folder of the `local` image store (created when missing); unset, `imagesDir` decides. */
  IMAGES_DIR: z.string().min(1).optional(),
  /**
   * Where outgoing mail goes: `smtp://user:pass@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Unset, messages stay in the outbox and the back office shows them (decision 038).
   */
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The sender of every message: an address, or `Nombre <address>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      (value) => /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(value),
      'an address (tienda@example.com) or a name and one (Comanda <tienda@example.com>)',
    )
    .default('Comanda <no-responder@comanda.local>'),
  /**
   * Where customers reach the storefront: the links in emails (a password reset) start with it.
   * Unset, `http://localhost:<PORT>` (development and the demo on one machine).
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /**
   * Who takes the money of methods paid online (decision 061): `wompi` (the chain's account, its
   * four keys below), `simulator` (the payment simulator that speaks Wompi's protocol: the demo
   * and the tests; refused in production) or `none` (online methods hidden and refused). Unset,
   * `paymentsDecision` chooses: the simulator outside production, none in production.
   */
  PAYMENT_PROVIDER: z.enum(['none', 'wompi', 'simulator']).optional(),
  WOMPI_PUBLIC_KEY: z.string().trim().min(1).optional(),
  WOMPI_PRIVATE_KEY: z.string().trim().min(1).optional(),
  WOMPI_EVENTS_SECRET: z.string().trim().min(1).optional(),
  WOMPI_INTEGRITY_SECRET: z.string().trim().min(1).optional(),
  /** Wompi's API (`…/v1`); unset, production's or the sandbox's by the keys. A simulator's for tests. */
  WOMPI_API_URL: z
    .string()
    .url()
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Wompi's Web Checkout page; unset, Wompi's own (or the embedded simulator's). */
  WOMPI_CHECKOUT_URL: z.string().url().optional(),
  /**
   * How long a finished trip keeps its courier's last position before it is deleted (hours;
   * decision 068). Nobody reads it after the trip but the door it teaches.
   */
  POSITION_RETENTION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** A courier's average speed through the city, for the live arrival estimate (km/h). */
  COURIER_SPEED_KMH: z.coerce.number().min(5).max(80).default(22),
  /** How long an order paid online waits for its money before it is given up (slot and code released). */
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * How often each node looks for payments to ask the provider about (a webhook that never came)
   * and for orders whose time to pay ran out; a pending attempt is first asked about a minute
   * after it was made, then less and less often.
   */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long one call to the provider's API may take before it counts as failed (and is retried). */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The key that seals the secrets the database keeps but must not give away (decision 075): the
   * TOTP secrets and a reset link's token until its mail is sent. Any string of 32 or more
   * characters (`openssl rand -base64 32`), kept apart from the database and its backups.
   * Required in production; elsewhere a published development key stands in (`secretsKeys`).
   */
  SECRETS_KEY: z.string().trim().min(32, 'at least 32 characters').optional(),
  /**
   * Keys used before SECRETS_KEY, comma-separated: what they sealed is still read, and sealed
   * again under SECRETS_KEY at the next start (a key rotated without losing anything).
   */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    )
    .refine((keys) => keys.every((key) => key.length >= 32), 'each at least 32 characters'),
  /** Hint to the load balancer and the shutdown: how long to let requests in flight finish. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /**
   * On SIGTERM, how long the node keeps serving while /readyz answers 503, before it stops: the
   * proxy's checks must see it down first. deploy/haproxy.cfg.template checks every 1 s, then
   * every 250 ms, and takes a node out after 2 failures: within 1.25 s, so 3 s leaves more than
   * twice that for a slow check (decision 078). SIGINT (Ctrl-C at a terminal) does not drain.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /**
   * Who may read the API's document at /docs and /docs/json (decision 074): `public` (anyone),
   * `admin` (an admin's session, its bearer token) or `off` (not served). Unset, `docsAccess`
   * decides: public outside production, off in production.
   */
  DOCS: z.enum(['public', 'admin', 'off']).optional(),
  /**
   * The bearer token Prometheus sends for GET /metrics (decision 079); unset, /metrics is not
   * served at all (404). Long and random (`openssl rand -hex 32`): the metrics name the branches'
   * order rates and the node's insides.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(16, 'at least 16 characters').optional(),
  ),
});

const schema = fields.transform((config) => ({
  ...config,
  PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
}));

export type Config = z.infer<typeof schema>;

export type DocsAccess = NonNullable<Config['DOCS']>;

/**
 * Who reads the API's document: an explicit DOCS wins; unset, everyone outside production (the
 * demo, development, the tests) and nobody in production, where it would list every back-office
 * route, field and refusal to anyone who asks.
 */
export const docsAccess = (config: Pick<Config, 'DOCS' | 'NODE_ENV'>): DocsAccess =>
  config.DOCS ?? (config.NODE_ENV === 'production' ? 'off' : 'public');

export interface DemoSeedDecision {
  seed: boolean;
  /** Said in the start-up log. */
  reason: string;
}

/**
 * Whether an empty database gets the demo chain, whose accounts share a published password.
 * An explicit SEED_DEMO wins. Unset, the demo is seeded on SQLite (the embedded database a first
 * `npm start` creates) and anywhere outside production, but never on PostgreSQL in production:
 * a chain's first production start must not open with known staff credentials.
 */
export function demoSeedDecision(
  config: Pick<Config, 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>,
): DemoSeedDecision {
  if (config.SEED_DEMO !== undefined)
    return { seed: config.SEED_DEMO, reason: `SEED_DEMO=${String(config.SEED_DEMO)}` };
  if (!isPostgresUrl(config.DATABASE_URL))
    return { seed: true, reason: 'SEED_DEMO default for SQLite' };
  if (config.NODE_ENV !== 'production')
    return {
      seed: true,
      reason: `SEED_DEMO default outside production (NODE_ENV=${config.NODE_ENV})`,
    };
  return {
    seed: false,
    reason: 'SEED_DEMO default: never on PostgreSQL in production; set SEED_DEMO=true to seed',
  };
}

/** The keys the payment simulator answers to: published, like the demo's passwords. */
export const SIMULATOR_KEYS = {
  publicKey: 'pub_test_simulador',
  privateKey: 'prv_test_simulador',
  eventsSecret: 'test_events_simulador',
  integritySecret: 'test_integrity_simulador',
} as const;

/** Wompi's own addresses: production, and the sandbox its test keys (`pub_test_…`) answer on. */
export const WOMPI_URLS = {
  production: 'https://production.wompi.co/v1',
  sandbox: 'https://sandbox.wompi.co/v1',
  checkout: 'https://checkout.wompi.co/p/',
} as const;

export type PaymentsDecision =
  | { provider: null; reason: string }
  | {
      provider: 'wompi';
      /** Where the simulator runs: inside this server (`embedded`), or elsewhere (`external`). */
      simulator: 'embedded' | 'external' | null;
      keys: {
        publicKey: string;
        privateKey: string;
        eventsSecret: string;
        integritySecret: string;
      };
      /** Null with the embedded simulator: the server's own address, known once it listens. */
      apiUrl: string | null;
      checkoutUrl: string;
      /** No real money: the simulator, or Wompi's sandbox keys. The storefront says `Pago de prueba`. */
      test: boolean;
      reason: string;
    };

/** What choosing who takes the money reads of the configuration. */
type PaymentsConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENT_PROVIDER'
  | 'PUBLIC_URL'
  | 'WOMPI_PUBLIC_KEY'
  | 'WOMPI_PRIVATE_KEY'
  | 'WOMPI_EVENTS_SECRET'
  | 'WOMPI_INTEGRITY_SECRET'
  | 'WOMPI_API_URL'
  | 'WOMPI_CHECKOUT_URL'
>;

/**
 * Who takes the money (decision 061). An explicit PAYMENT_PROVIDER wins; unset, the simulator
 * outside production (the demo takes a payment the moment it is installed) and none in
 * production. Throws, stopping the start, on what would take or lose real money by mistake:
 * the simulator in production, Wompi without its four keys, or Wompi's addresses pointing
 * anywhere but Wompi in production.
 */
export function paymentsDecision(config: PaymentsConfig): PaymentsDecision {
  const production = config.NODE_ENV === 'production';
  const provider = config.PAYMENT_PROVIDER ?? (production ? 'none' : 'simulator');
  if (provider === 'none')
    return {
      provider: null,
      reason: config.PAYMENT_PROVIDER
        ? 'PAYMENT_PROVIDER=none'
        : 'no PAYMENT_PROVIDER in production',
    };
  if (provider === 'simulator') {
    if (production)
      throw new Error(
        "PAYMENT_PROVIDER=simulator takes no real money and is refused in production: set PAYMENT_PROVIDER=wompi with the chain's keys, or none.",
      );
    return simulatorDecision(config);
  }
  return wompiDecision(config, production);
}

/** Wompi's protocol spoken by the simulator: its own keys unless given, no real money. */
function simulatorDecision(config: PaymentsConfig): PaymentsDecision & { provider: 'wompi' } {
  const external = config.WOMPI_API_URL !== undefined;
  return {
    provider: 'wompi',
    simulator: external ? 'external' : 'embedded',
    keys: {
      publicKey: config.WOMPI_PUBLIC_KEY ?? SIMULATOR_KEYS.publicKey,
      privateKey: config.WOMPI_PRIVATE_KEY ?? SIMULATOR_KEYS.privateKey,
      eventsSecret: config.WOMPI_EVENTS_SECRET ?? SIMULATOR_KEYS.eventsSecret,
      integritySecret: config.WOMPI_INTEGRITY_SECRET ?? SIMULATOR_KEYS.integritySecret,
    },
    apiUrl: config.WOMPI_API_URL ?? null,
    checkoutUrl:
      config.WOMPI_CHECKOUT_URL ??
      (external
        ? `${config.WOMPI_API_URL!.replace(/\/v1$/, '')}/p/`
        : `${config.PUBLIC_URL}/simulador-de-pagos/p/`),
    test: true,
    reason: config.PAYMENT_PROVIDER
      ? 'PAYMENT_PROVIDER=simulator'
      : `the payment simulator by default outside production (NODE_ENV=${config.NODE_ENV})`,
  };
}

const WOMPI_KEYS = [
  'WOMPI_PUBLIC_KEY',
  'WOMPI_PRIVATE_KEY',
  'WOMPI_EVENTS_SECRET',
  'WOMPI_INTEGRITY_SECRET',
] as const;

/** Wompi itself, with the chain's four keys; in production only at Wompi's own addresses. */
function wompiDecision(
  config: Omit<PaymentsConfig, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'PUBLIC_URL'>,
  production: boolean,
): PaymentsDecision & { provider: 'wompi' } {
  const missing = WOMPI_KEYS.filter((name) => !config[name]);
  if (missing.length > 0)
    throw new Error(`PAYMENT_PROVIDER=wompi needs the chain's keys: ${missing.join(', ')}.`);
  const test = config.WOMPI_PUBLIC_KEY!.startsWith('pub_test_');
  const apiUrl = config.WOMPI_API_URL ?? (test ? WOMPI_URLS.sandbox : WOMPI_URLS.production);
  const checkoutUrl = config.WOMPI_CHECKOUT_URL ?? WOMPI_URLS.checkout;
  const wompiHost = (url: string) => /^https:\/\/([a-z0-9-]+\.)*wompi\.co(\/|$)/.test(url);
  if (production && !(wompiHost(apiUrl) && wompiHost(checkoutUrl)))
    throw new Error(
      "In production WOMPI_API_URL and WOMPI_CHECKOUT_URL must be Wompi's own (https://…wompi.co): anything else would not take real money.",
    );
  return {
    provider: 'wompi',
    simulator: null,
    keys: {
      publicKey: config.WOMPI_PUBLIC_KEY!,
      privateKey: config.WOMPI_PRIVATE_KEY!,
      eventsSecret: config.WOMPI_EVENTS_SECRET!,
      integritySecret: config.WOMPI_INTEGRITY_SECRET!,
    },
    apiUrl,
    checkoutUrl,
    test,
    reason: test ? 'PAYMENT_PROVIDER=wompi (sandbox keys)' : 'PAYMENT_PROVIDER=wompi',
  };
}

export interface SecretsKeys {
  /** What new secrets are sealed with. */
  current: string;
  /** What older secrets may still be sealed with (read, then sealed again under `current`). */
  previous: string[];
  /** Said in the start-up log. */
  reason: string;
}

/**
 * The keys of the secrets at rest (decision 075). SECRETS_KEY wins; without it production
 * refuses to start (a TOTP secret sealed with a published key is a secret in the clear), and
 * anywhere else the development key stands in. The development key is always readable outside
 * production, so an install that set SECRETS_KEY later still reads (and seals again) what the
 * development key sealed.
 */
export function secretsKeys(
  config: Pick<Config, 'NODE_ENV' | 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS'>,
): SecretsKeys {
  const production = config.NODE_ENV === 'production';
  if (!config.SECRETS_KEY) {
    if (production)
      throw new Error(
        'SECRETS_KEY is required in production: a random string of 32 or more characters (openssl rand -base64 32), kept apart from the database. It seals the TOTP secrets and the reset links waiting in the outbox.',
      );
    return {
      current: DEVELOPMENT_SECRETS_KEY,
      previous: config.SECRETS_KEY_PREVIOUS,
      reason: `the development key (NODE_ENV=${config.NODE_ENV}, no SECRETS_KEY)`,
    };
  }
  const previous = production
    ? config.SECRETS_KEY_PREVIOUS
    : [...config.SECRETS_KEY_PREVIOUS, DEVELOPMENT_SECRETS_KEY];
  return { current: config.SECRETS_KEY, previous, reason: 'SECRETS_KEY' };
}

/** The app's secret box (lib/secret-box.ts), its keys from the configuration (`secretsKeys`). */
export const secretBoxFor = (
  config: Pick<Config, 'NODE_ENV' | 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS'>,
): SecretBox => createSecretBox(secretsKeys(config));

/**
 * Where uploaded images are stored (decision 015). An explicit IMAGE_STORE wins. Unset, a
 * PostgreSQL deployment (the one that runs several nodes) keeps them in the database, which every
 * node reads; the embedded SQLite default keeps them in IMAGES_DIR, a folder beside its database.
 */
export function imageStoreChoice(
  store: Config['IMAGE_STORE'],
  dialect: 'sqlite' | 'postgres',
): 'local' | 'database' {
  return store ?? (dialect === 'postgres' ? 'database' : 'local');
}

/** The `local` store's folder: IMAGES_DIR, else `images/` beside the SQLite file (data/images). */
export function imagesDir(config: Pick<Config, 'IMAGES_DIR' | 'DATABASE_URL'>): string {
  if (config.IMAGES_DIR) return resolve(config.IMAGES_DIR);
  if (isPostgresUrl(config.DATABASE_URL)) return resolve('data/images');
  return resolve(dirname(config.DATABASE_URL.replace(/^file:/, '')), 'images');
}

/** The limits PostgreSQL requests run under (decision 011). */
export function postgresTimeouts(
  config: Pick<Config, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>,
): PostgresTimeouts {
  return { connectMs: config.DB_CONNECT_TIMEOUT_MS, statementMs: config.DB_STATEMENT_TIMEOUT_MS };
}

/**
 * The namespace of this deployment in Redis: REDIS_PREFIX, else `comanda:` and a short hash of
 * the database's identity (db/identity.ts). Nodes on one database share it; deployments on
 * different databases (or schemas) get different ones without any configuration.
 */
export function redisPrefix(explicit: string | undefined, databaseIdentity: string): string {
  return (
    explicit ??
    `comanda:${createHash('sha256').update(databaseIdentity).digest('hex').slice(0, 12)}`
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A complete config for tests and scripts that build the app in process. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

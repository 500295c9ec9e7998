import { z } from 'zod';
import { isPostgresUrl } from './db/dialect';

/**
 * The only module that reads process.env. Everything else receives a typed Config.
 * An invalid environment stops the server at start with a readable message.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** `postgres://…` for PostgreSQL, otherwise a path to an SQLite file. */
  DATABASE_URL: z.string().min(1).default('data/comanda.db'),
  /** Several nodes share Socket.IO rooms through Redis when this is set. */
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Login and registration attempts allowed per client IP in each window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Login attempts allowed per account (email or phone) in each window. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Hint to the load balancer and the shutdown: how long to let requests in flight finish. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
});

export type Config = z.infer<typeof schema>;

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
export function demoSeedDecision(config: Pick<Config, 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>): DemoSeedDecision {
  if (config.SEED_DEMO !== undefined) return { seed: config.SEED_DEMO, reason: `SEED_DEMO=${String(config.SEED_DEMO)}` };
  if (!isPostgresUrl(config.DATABASE_URL)) return { seed: true, reason: 'SEED_DEMO default for SQLite' };
  if (config.NODE_ENV !== 'production') return { seed: true, reason: `SEED_DEMO default outside production (NODE_ENV=${config.NODE_ENV})` };
  return { seed: false, reason: 'SEED_DEMO default: never on PostgreSQL in production; set SEED_DEMO=true to seed' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A complete config for tests and scripts that build the app in process. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_SECRETS_KEY,
  demoSeedDecision,
  loadConfig,
  paymentsDecision,
  postgresTimeouts,
  redisPrefix,
  secretsKeys,
} from '../src/config';

const decide = (env: Record<string, string>) => demoSeedDecision(loadConfig(env));
const postgres = 'postgres://comanda@db.example:5432/comanda';

describe('the demo seed decision', () => {
  it('seeds the embedded SQLite database of a plain `npm start`, in production too', () => {
    expect(decide({})).toEqual({ seed: true, reason: 'SEED_DEMO default for SQLite' });
    expect(
      decide({ NODE_ENV: 'production', DATABASE_URL: '/var/lib/comanda/comanda.db' }).seed,
    ).toBe(true);
  });

  it('seeds PostgreSQL outside production (development, tests)', () => {
    expect(decide({ DATABASE_URL: postgres })).toEqual({
      seed: true,
      reason: 'SEED_DEMO default outside production (NODE_ENV=development)',
    });
    expect(decide({ DATABASE_URL: postgres, NODE_ENV: 'test' }).seed).toBe(true);
  });

  it('never seeds PostgreSQL in production unless asked, and says how to ask', () => {
    const decision = decide({ DATABASE_URL: postgres, NODE_ENV: 'production' });
    expect(decision.seed).toBe(false);
    expect(decision.reason).toContain('SEED_DEMO=true');
    expect(
      decide({ DATABASE_URL: 'postgresql://comanda@db/comanda', NODE_ENV: 'production' }).seed,
    ).toBe(false);
  });

  it('obeys an explicit SEED_DEMO either way', () => {
    expect(decide({ DATABASE_URL: postgres, NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual({
      seed: true,
      reason: 'SEED_DEMO=true',
    });
    expect(decide({ SEED_DEMO: 'false' })).toEqual({ seed: false, reason: 'SEED_DEMO=false' });
  });

  it('refuses a SEED_DEMO that is neither true nor false', () => {
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

describe('the PostgreSQL timeouts', () => {
  it('answer a blackholed database within seconds by default: connect 3 s, statement 4 s', () => {
    expect(postgresTimeouts(loadConfig({}))).toEqual({ connectMs: 3000, statementMs: 4000 });
  });

  it('take DB_CONNECT_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS, and refuse what is not a sensible number of milliseconds', () => {
    expect(
      postgresTimeouts(
        loadConfig({ DB_CONNECT_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '30000' }),
      ),
    ).toEqual({ connectMs: 1500, statementMs: 30_000 });
    for (const value of ['0', '-1', 'abc', '50', '1.5']) {
      expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: value }), value).toThrow(
        /DB_STATEMENT_TIMEOUT_MS/,
      );
      expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: value }), value).toThrow(
        /DB_CONNECT_TIMEOUT_MS/,
      );
    }
  });
});

describe('the Redis namespace', () => {
  it('takes REDIS_PREFIX as given, and refuses one that could not be a key prefix', () => {
    expect(loadConfig({ REDIS_PREFIX: 'chain-a:prod' }).REDIS_PREFIX).toBe('chain-a:prod');
    expect(redisPrefix('chain-a:prod', 'postgres:1:comanda:public')).toBe('chain-a:prod');
    for (const wrong of ['', 'with space', '{hash}', ':leading', 'x'.repeat(64)]) {
      expect(() => loadConfig({ REDIS_PREFIX: wrong }), wrong).toThrow(/REDIS_PREFIX/);
    }
  });

  it('derives one from the database identity: the same for the same database, another for another', () => {
    const production = redisPrefix(undefined, 'postgres:7712387446816204919:comanda:public');
    expect(production).toMatch(/^comanda:[0-9a-f]{12}$/);
    expect(redisPrefix(undefined, 'postgres:7712387446816204919:comanda:public')).toBe(production);
    expect(redisPrefix(undefined, 'postgres:7712387446816204919:comanda:staging')).not.toBe(
      production,
    );
    expect(redisPrefix(undefined, 'postgres:7712387446816204920:comanda:public')).not.toBe(
      production,
    );
  });

  it('bounds how long Redis may take, by default one second', () => {
    expect(loadConfig({}).REDIS_TIMEOUT_MS).toBe(1000);
    expect(() => loadConfig({ REDIS_TIMEOUT_MS: '0' })).toThrow(/REDIS_TIMEOUT_MS/);
  });
});

describe('mail settings', () => {
  it('take an smtp:// or smtps:// URL, or none (empty is none), and refuse anything else', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('take a sender address with or without a name, and a public URL without its last slash', () => {
    expect(loadConfig({}).MAIL_FROM).toBe('Comanda <no-responder@comanda.local>');
    expect(loadConfig({ MAIL_FROM: 'pedidos@example.com' }).MAIL_FROM).toBe('pedidos@example.com');
    expect(() => loadConfig({ MAIL_FROM: 'Comanda' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ PUBLIC_URL: 'https://pedidos.example/' }).PUBLIC_URL).toBe(
      'https://pedidos.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('point links at the port the node listens on when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(loadConfig({ PORT: '4123', PUBLIC_URL: 'https://pedidos.example' }).PUBLIC_URL).toBe(
      'https://pedidos.example',
    );
  });
});

describe('who takes the money (decision 061)', () => {
  const payments = (env: Record<string, string>) => paymentsDecision(loadConfig(env));
  const keys = {
    WOMPI_PUBLIC_KEY: 'pub_prod_abc',
    WOMPI_PRIVATE_KEY: 'prv_prod_abc',
    WOMPI_EVENTS_SECRET: 'prod_events_abc',
    WOMPI_INTEGRITY_SECRET: 'prod_integrity_abc',
  };

  it('runs the demo on the embedded simulator, and production on nothing until told', () => {
    expect(payments({})).toMatchObject({
      provider: 'wompi',
      simulator: 'embedded',
      apiUrl: null,
      checkoutUrl: 'http://localhost:3000/simulador-de-pagos/p/',
      test: true,
    });
    expect(payments({ NODE_ENV: 'production' })).toMatchObject({ provider: null });
    expect(payments({ PAYMENT_PROVIDER: 'none' })).toMatchObject({ provider: null });
  });

  it('refuses to start production with the simulator, embedded or elsewhere', () => {
    const starts: Record<string, string>[] = [
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' },
      {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'simulator',
        WOMPI_API_URL: 'http://sim:4100/v1',
      },
      {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'wompi',
        ...keys,
        WOMPI_API_URL: 'http://127.0.0.1:4100/v1',
      },
      {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'wompi',
        ...keys,
        WOMPI_CHECKOUT_URL: 'https://checkout.wompi.co.evil.example/p/',
      },
    ];
    for (const env of starts) expect(() => payments(env)).toThrow(/production/);
  });

  it("takes Wompi only with the chain's four keys, on its sandbox for test keys", () => {
    expect(() => payments({ PAYMENT_PROVIDER: 'wompi', WOMPI_PUBLIC_KEY: 'pub_prod_abc' })).toThrow(
      'WOMPI_PRIVATE_KEY, WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET',
    );
    expect(payments({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'wompi', ...keys })).toMatchObject({
      provider: 'wompi',
      simulator: null,
      apiUrl: 'https://production.wompi.co/v1',
      checkoutUrl: 'https://checkout.wompi.co/p/',
      test: false,
    });
    expect(
      payments({ PAYMENT_PROVIDER: 'wompi', ...keys, WOMPI_PUBLIC_KEY: 'pub_test_abc' }),
    ).toMatchObject({ apiUrl: 'https://sandbox.wompi.co/v1', test: true });
  });

  it('points at a simulator of its own when given one, its checkout beside its API', () => {
    expect(
      payments({ PAYMENT_PROVIDER: 'simulator', WOMPI_API_URL: 'http://127.0.0.1:4100/v1/' }),
    ).toMatchObject({
      simulator: 'external',
      apiUrl: 'http://127.0.0.1:4100/v1',
      checkoutUrl: 'http://127.0.0.1:4100/p/',
    });
  });

  it('refuses a time to pay or a sweep outside their bounds', () => {
    expect(() => loadConfig({ PAYMENT_EXPIRY_MINUTES: '0' })).toThrow('PAYMENT_EXPIRY_MINUTES');
    expect(() => loadConfig({ PAYMENT_RECONCILE_SECONDS: 'pronto' })).toThrow(
      'PAYMENT_RECONCILE_SECONDS',
    );
  });
});

describe('the key of the secrets at rest (decision 075)', () => {
  const keys = (env: Record<string, string>) => secretsKeys(loadConfig(env));
  const key = 'k'.repeat(32);

  it('refuses to start production without SECRETS_KEY, saying what to set', () => {
    expect(() => keys({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is required in production/);
    expect(keys({ NODE_ENV: 'production', SECRETS_KEY: key })).toEqual({
      current: key,
      previous: [],
      reason: 'SECRETS_KEY',
    });
  });

  it('stands in a published development key elsewhere, and still reads it once a key is set', () => {
    const development = keys({});
    expect(development.current).toBe(DEVELOPMENT_SECRETS_KEY);
    expect(development.reason).toMatch(/development key/);
    expect(keys({ SECRETS_KEY: key }).previous).toEqual([DEVELOPMENT_SECRETS_KEY]);
    // Production never reads what the published key sealed.
    expect(
      keys({ NODE_ENV: 'production', SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: `${'p'.repeat(32)}` })
        .previous,
    ).toEqual(['p'.repeat(32)]);
  });

  it('refuses a key shorter than 32 characters, current or previous', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'corta' })).toThrow('SECRETS_KEY');
    expect(() => loadConfig({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: `${key}, corta` })).toThrow(
      'SECRETS_KEY_PREVIOUS',
    );
  });
});

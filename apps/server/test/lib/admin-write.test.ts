import { ADMIN_MESSAGES } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import type { AdminWriteRepository } from '../../src/db/admin-write-repository';
import type { DbExecutor } from '../../src/db/types';
import { createAdminWrite } from '../../src/lib/admin-write';
import { HttpError } from '../../src/lib/http-error';
import type { CatalogChange } from '../../src/plugins/catalog-events';

// The write path's order of things, without a database: a transaction that records what ran in
// it and whether it committed, a change log and a publisher that record what they were given.

function harness() {
  const events: string[] = [];
  const trx = {} as DbExecutor;
  const repository = {
    async transaction<T>(work: (trx: DbExecutor) => Promise<T>): Promise<T> {
      events.push('begin');
      try {
        const result = await work(trx);
        events.push('commit');
        return result;
      } catch (error) {
        events.push('rollback');
        throw error;
      }
    },
    reader: trx,
  } as unknown as AdminWriteRepository;
  const write = createAdminWrite({
    repository,
    audit: { record: async (_trx, _actor, change) => void events.push(`audit ${change.summary}`) },
    publish: async (change: CatalogChange) => void events.push(`publish ${change.type}`),
  });
  return { write, events };
}

const actor = { id: 1, email: 'admin@comanda.test' };

describe('the back office write path', () => {
  it('claims the version, changes, records, commits, and only then publishes', async () => {
    const { write, events } = harness();
    const result = await write.write({
      actor,
      version: {
        claim: async () => (events.push('claim'), true),
        current: async () => null,
        notFound: 'no',
      },
      change: async () => (
        events.push('change'),
        {
          result: 7,
          audit: { action: 'update', entity: 'banner', summary: 'b' },
          publish: [{ type: 'catalog' }],
        }
      ),
    });
    expect(result).toBe(7);
    expect(events).toEqual(['begin', 'claim', 'change', 'audit b', 'commit', 'publish catalog']);
  });

  it('answers a stale version with 409 and the current copy, after rolling back, without changing or publishing', async () => {
    const { write, events } = harness();
    const refused = write.write({
      actor,
      version: {
        claim: async () => false,
        current: async () => (events.push('read current'), { id: 3, version: 5 }),
        notFound: 'no',
      },
      change: async () => (
        events.push('change'),
        {
          result: null,
          audit: { action: 'update', entity: 'banner', summary: 'b' },
          publish: [{ type: 'catalog' }],
        }
      ),
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 409,
      message: ADMIN_MESSAGES.conflict,
      body: { current: { id: 3, version: 5 } },
    });
    expect(events).toEqual(['begin', 'rollback', 'read current']);
  });

  it('answers 404 when the entity is gone', async () => {
    const { write } = harness();
    const refused = write.write({
      actor,
      version: { claim: async () => false, current: async () => null, notFound: 'Ya no existe.' },
      change: async () => ({ result: 1, audit: null }),
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 404, message: 'Ya no existe.' });
  });

  it('publishes nothing and records nothing when the change refuses', async () => {
    const { write, events } = harness();
    const refused = write.write({
      actor,
      change: async () => {
        throw new HttpError(400, 'mal');
      },
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
    expect(events).toEqual(['begin', 'rollback']);
  });

  it('writes no audit row for a change that changed nothing', async () => {
    const { write, events } = harness();
    await write.write({ actor, change: async () => ({ result: undefined, audit: null }) });
    expect(events).toEqual(['begin', 'commit']);
  });
});

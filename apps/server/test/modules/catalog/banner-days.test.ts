import { chainDayRange } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/lib/clock';
import { createCatalogDeps, createCatalogService } from '../../../src/modules/catalog/service';
import { openTestDatabase } from '../../helpers/database';

// The cached banner answer is asked for with the chain's today, and turns stale at the chain's
// next midnight: a banner whose last day was yesterday must not survive into today by the cache.

describe('banners by chain day', () => {
  it('reads with the chain day and drops the cached answer at the chain midnight', async () => {
    const { handle, target } = await openTestDatabase({ seedDemo: false });
    const { db } = handle;
    try {
      // 23:59:50 in Bogotá on 2026-12-24 (UTC-5), ten seconds before Christmas there.
      const beforeMidnight = new Date(chainDayRange('2026-12-25').start.getTime() - 10_000);
      const clock = settableClock(beforeMidnight.getTime());
      const banner = { image: '/images/b.webp', position: 0, active: 1, active_from: null };
      await db
        .insertInto('banners')
        .values({ ...banner, title: 'Nochebuena', active_to: '2026-12-24' })
        .execute();
      const catalog = createCatalogService(createCatalogDeps({ db, clock }));
      const titles = async () =>
        ((await catalog.banners())!.value as { results: { title: string }[] }).results.map(
          (b) => b.title,
        );

      expect(await titles()).toEqual(['Nochebuena']);
      // A banner added now is not read within the day: the answer is cached.
      await db
        .insertInto('banners')
        .values({ ...banner, title: 'Navidad', active_to: null })
        .execute();
      expect(await titles()).toEqual(['Nochebuena']);

      clock.set(beforeMidnight.getTime() + 11_000); // 00:00:01 on the 25th, well inside the 30 s TTL
      expect(await titles()).toEqual(['Navidad']);
    } finally {
      await handle.db.destroy();
      await target.drop();
    }
  });
});

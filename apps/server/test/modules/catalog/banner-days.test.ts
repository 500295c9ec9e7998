import { chainDayRange } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/lib/clock';
import type { CatalogRepository } from '../../../src/modules/catalog/repository';
import { createCatalogService } from '../../../src/modules/catalog/service';

// The cached banner answer is asked for with the chain's today, and turns stale at the chain's
// next midnight: a banner whose last day was yesterday must not survive into today by the cache.

describe('banners by chain day', () => {
  it('reads with the chain day and drops the cached answer at the chain midnight', async () => {
    // 23:59:50 in Bogotá on 2026-12-24 (UTC-5), ten seconds before Christmas there.
    const beforeMidnight = new Date(chainDayRange('2026-12-25').start.getTime() - 10_000);
    const clock = settableClock(beforeMidnight.getTime());
    const asked: string[] = [];
    const repository = {
      listBanners: async (today: string) => {
        asked.push(today);
        return today === '2026-12-24'
          ? [{ id: 1, title: 'Nochebuena', image: '/images/b.webp' }]
          : [];
      },
    } as unknown as CatalogRepository;
    const catalog = createCatalogService(repository, clock);

    const first = await catalog.banners();
    expect((first!.value as { results: unknown[] }).results).toHaveLength(1);
    await catalog.banners();
    expect(asked).toEqual(['2026-12-24']); // cached within the day

    clock.set(beforeMidnight.getTime() + 11_000); // 00:00:01 on the 25th, well inside the 30 s TTL
    const next = await catalog.banners();
    expect(asked).toEqual(['2026-12-24', '2026-12-25']);
    expect((next!.value as { results: unknown[] }).results).toEqual([]);
  });
});

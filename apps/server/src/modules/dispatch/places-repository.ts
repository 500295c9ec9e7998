// Where branches, zones and saved addresses are (decision 068): seeded or learned from deliveries.
import type { DbExecutor } from '../../db/types';
import type { Point } from './types';

type Kind = 'branch' | 'zone' | 'address';

/** The known places of some kind among `ids`, by id. */
export async function placesOf(
  db: DbExecutor,
  kind: Kind,
  ids: number[],
): Promise<Map<number, Point>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('places')
    .select(['ref_id', 'lat', 'lng'])
    .where('kind', '=', kind)
    .where('ref_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.ref_id, { lat: Number(row.lat), lng: Number(row.lng) }]));
}

/**
 * Learns a place from one more fix: a running mean of every fix so far (a zone's centre moves
 * toward where its deliveries really are; an address settles on its door).
 */
export async function learnPlace(
  db: DbExecutor,
  kind: Kind,
  refId: number,
  fix: Point,
  at: string,
) {
  const known = await db
    .selectFrom('places')
    .select(['lat', 'lng', 'samples'])
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
  if (!known) {
    await db
      .insertInto('places')
      .values({ kind, ref_id: refId, ...fix, samples: 1, updated_at: at })
      .execute();
    return;
  }
  const n = Math.min(Number(known.samples), 50) + 1;
  await db
    .updateTable('places')
    .set({
      lat: Number(known.lat) + (fix.lat - Number(known.lat)) / n,
      lng: Number(known.lng) + (fix.lng - Number(known.lng)) / n,
      samples: n,
      updated_at: at,
    })
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .execute();
}

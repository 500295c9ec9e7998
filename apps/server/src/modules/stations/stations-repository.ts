// The kitchen stations' SQL (decision 072): a branch's stations, the routing columns of its
// open orders' lines, and the bump. Functions of the executor, so a transaction passes its own.
import { DEFAULT_STATIONS, OPEN_WORK_STATUSES } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';

/** The statuses a kitchen works on: accepted, not yet ready. */
export const KITCHEN_STATUSES = ['accepted', 'preparing'] as const;

export interface StationRow {
  id: number;
  name: string;
  position: number;
}

/** One order line with what decides its station (see routing.ts). */
export interface RoutedLineRow {
  id: number;
  order_id: number;
  branch_id: number;
  status: string;
  promised_at: string | Date | null;
  observation: string;
  product_id: number;
  title: string;
  quantity: number;
  options: string;
  /** The customer's note for this line (migration 041). */
  note: string;
  bumped_at: string | Date | null;
  /** The branch's own choice for this product (branch_product_stations). */
  override_id: number | null;
  /** The names of the stations the product and its category point to. */
  product_station: string | null;
  category_station: string | null;
}

export async function branchExists(db: DbExecutor, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

export function stationsOf(db: DbExecutor, branchId: number): Promise<StationRow[]> {
  return db
    .selectFrom('stations')
    .select(['id', 'name', 'position'])
    .where('branch_id', '=', branchId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The four defaults, for a branch with none; two first reads at once insert them once. */
export async function insertDefaultStations(db: DbExecutor, branchId: number): Promise<void> {
  await db
    .insertInto('stations')
    .values(DEFAULT_STATIONS.map((name, position) => ({ branch_id: branchId, name, position })))
    .onConflict((oc) => oc.columns(['branch_id', 'name']).doNothing())
    .execute();
}

export async function insertStation(
  db: DbExecutor,
  branchId: number,
  name: string,
  position: number,
) {
  await db.insertInto('stations').values({ branch_id: branchId, name, position }).execute();
}

export async function updateStation(db: DbExecutor, id: number, name: string, position: number) {
  await db.updateTable('stations').set({ name, position }).where('id', '=', id).execute();
}

/** Removes stations; the products a branch routed there go back to the usual routing. */
export async function deleteStations(db: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return;
  for (const table of ['branch_product_stations', 'product_stations', 'category_stations'] as const)
    await db.deleteFrom(table).where('station_id', 'in', ids).execute();
  await db.deleteFrom('stations').where('id', 'in', ids).execute();
}

/** The lines of orders with what routes them: one order's, or a branch's open orders'. */
function routedLines(db: DbExecutor) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_stations as pst', 'pst.product_id', 'l.product_id')
    .leftJoin('category_stations as cst', 'cst.category_id', 'p.category_id')
    .leftJoin('stations as ps', 'ps.id', 'pst.station_id')
    .leftJoin('stations as cs', 'cs.id', 'cst.station_id')
    .leftJoin('branch_product_stations as bps', (join) =>
      join.onRef('bps.branch_id', '=', 'o.branch_id').onRef('bps.product_id', '=', 'l.product_id'),
    )
    .select([
      'l.id',
      'l.order_id',
      'o.branch_id',
      'o.status',
      'o.promised_at',
      'o.observation',
      'l.product_id',
      'l.title',
      'l.quantity',
      'l.options',
      'l.note',
      'l.bumped_at',
      'bps.station_id as override_id',
      'ps.name as product_station',
      'cs.name as category_station',
    ])
    .orderBy('o.id')
    .orderBy('l.position')
    .orderBy('l.id');
}

export function linesOfOrder(db: DbExecutor, orderId: number): Promise<RoutedLineRow[]> {
  return routedLines(db).where('l.order_id', '=', orderId).execute();
}

export function openLinesOfBranch(db: DbExecutor, branchId: number): Promise<RoutedLineRow[]> {
  return routedLines(db)
    .where('o.branch_id', '=', branchId)
    .where('o.status', 'in', KITCHEN_STATUSES)
    .execute();
}

export function lineById(db: DbExecutor, id: number): Promise<RoutedLineRow | undefined> {
  return routedLines(db).where('l.id', '=', id).executeTakeFirst();
}

/**
 * Lines of a branch's open work (received, accepted, preparing) not bumped yet, with their
 * routing: what each station still has to make, for the promise (decision 088).
 */
export function unbumpedLinesOfBranch(db: DbExecutor, branchId: number) {
  return routedLines(db)
    .where('o.branch_id', '=', branchId)
    .where('o.status', 'in', OPEN_WORK_STATUSES)
    .where('l.bumped_at', 'is', null)
    .execute();
}

/**
 * A branch's lines bumped in [from, to) with their routing and when their order went to the
 * kitchen. Orders made a week before `from` at the most: the branch-and-created index bounds
 * the read (a scheduled order is never placed that far ahead).
 */
export function bumpedLinesOfBranch(db: DbExecutor, branchId: number, from: string, to: string) {
  const placedFrom = new Date(Date.parse(from) - 7 * 86_400_000).toISOString();
  return routedLines(db)
    .select(['o.accepted_at', 'o.fire_at'])
    .where('o.branch_id', '=', branchId)
    .where('o.created_at', '>=', placedFrom)
    .where('l.bumped_at', '>=', from)
    .where('l.bumped_at', '<', to)
    .execute();
}

export async function branchOfLine(db: DbExecutor, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('o.branch_id')
    .where('l.id', '=', id)
    .executeTakeFirst();
  return row?.branch_id ?? null;
}

/** Marks a line done (keeping the first time it was) or, with null, to make again. */
export async function setBumped(db: DbExecutor, id: number, at: string | null) {
  let update = db.updateTable('order_lines').set({ bumped_at: at }).where('id', '=', id);
  if (at !== null) update = update.where('bumped_at', 'is', null);
  await update.execute();
}

export async function productExists(db: DbExecutor, id: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function stationName(db: DbExecutor, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('stations')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Sets (or, with null, clears) the product's station. */
export async function setProductStationRow(
  db: DbExecutor,
  productId: number,
  stationId: number | null,
) {
  await db.deleteFrom('product_stations').where('product_id', '=', productId).execute();
  if (stationId !== null)
    await db
      .insertInto('product_stations')
      .values({ product_id: productId, station_id: stationId })
      .execute();
}

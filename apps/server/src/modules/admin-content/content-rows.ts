import { ADMIN_MESSAGES } from '@comanda/shared';
import type { OrderedList, VersionedTable } from '../../db/admin-write-repository';
import type { DbExecutor } from '../../db/types';
import type { ChangeDone } from '../../lib/admin-write';
import type { AuditActor, AuditChange } from '../../lib/audit-record';
import { actionOf, CATALOG_CHANGED, rowVersion, withoutVersion } from './content-change';
import type { AdminContentDeps, EditAction } from './types';

/**
 * Every Contenido change changes what storefronts read from the catalogue's cached answers: the
 * change's answer and its change-log row, published as a catalogue change.
 */
export const contentChange = <T>(result: T, audit: AuditChange | null): ChangeDone<T> => ({
  result,
  audit,
  publish: CATALOG_CHANGED,
});

interface ContentRow {
  id: number;
  active: boolean;
  version: number;
}

/**
 * One of Contenido's ordered lists (banners, payment methods, survey options), as its resource
 * file describes it to the writes they share: create, edit under a version check, reorder.
 */
export interface ContentList<Row extends ContentRow> {
  /** The change log's entity: `banner`, `payment_type`, `survey_option`. */
  entity: string;
  /** What the version claim and the one reorder act on. */
  list: OrderedList & { table: VersionedTable };
  /** The 404 of an id that is not in the list. */
  notFound: string;
  /** One row as the screen shows it, or null. */
  find: (executor: DbExecutor, id: number) => Promise<Row | null>;
  /** Every row, in order. */
  all: (executor: DbExecutor) => Promise<Row[]>;
}

/** The version check of one row of the list: its 404 and its current copy. */
export const listVersion = <Row extends ContentRow>(
  deps: AdminContentDeps,
  list: ContentList<Row>,
  id: number,
  expected: number | undefined,
) =>
  rowVersion(
    deps,
    list.list.table,
    id,
    expected,
    () => list.find(deps.write.reader, id),
    list.notFound,
  );

/** Adds a row at the end of the list (`insert` gives its id) and records it as created. */
export function createRow<Row extends ContentRow>(
  { write }: AdminContentDeps,
  actor: AuditActor,
  list: ContentList<Row>,
  insert: (trx: DbExecutor) => Promise<number>,
  summary: (created: Row) => string,
): Promise<Row> {
  return write.write({
    actor,
    change: async (trx) => {
      const id = await insert(trx);
      const created = (await list.find(trx, id))!;
      const after = withoutVersion(created);
      return contentChange(created, {
        action: 'create',
        entity: list.entity,
        entity_id: id,
        summary: summary(created),
        after,
      });
    },
  });
}

/**
 * Edits one row under its version (409 when stale): `save` writes it (and may refuse, rolling it
 * back), then the change log records before and after, without the version.
 */
export function updateRow<Row extends ContentRow>(
  deps: AdminContentDeps,
  actor: AuditActor,
  list: ContentList<Row>,
  edit: { id: number; version: number | undefined },
  save: (trx: DbExecutor, before: Omit<Row, 'version'>) => Promise<void>,
  summary: (
    action: EditAction,
    before: Omit<Row, 'version'>,
    after: Omit<Row, 'version'>,
  ) => string,
): Promise<Row> {
  const { id } = edit;
  return deps.write.write({
    actor,
    version: listVersion(deps, list, id, edit.version),
    change: async (trx) => {
      const before = withoutVersion((await list.find(trx, id))!);
      await save(trx, before);
      const saved = (await list.find(trx, id))!;
      const after = withoutVersion(saved);
      const action = actionOf(before, after);
      return contentChange(saved, {
        action,
        entity: list.entity,
        entity_id: id,
        summary: summary(action, before, after),
        before,
        after,
      });
    },
  });
}

/** The one reorder on the list; the change log keeps the ids before and after. */
export function reorderRows<Row extends ContentRow>(
  { write }: AdminContentDeps,
  actor: AuditActor,
  list: ContentList<Row>,
  ids: number[],
  summary: (rows: Row[]) => string,
): Promise<Row[]> {
  return write.write({
    actor,
    change: async (trx) => {
      const before = (await list.all(trx)).map((row) => row.id);
      await write.reorder(trx, list.list, ids, ADMIN_MESSAGES.order);
      const rows = await list.all(trx);
      return contentChange(rows, {
        action: 'reorder',
        entity: list.entity,
        summary: summary(rows),
        before,
        after: ids,
      });
    },
  });
}

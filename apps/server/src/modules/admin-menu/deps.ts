import type { AdminWrite, ChangeDone } from '../../lib/admin-write';
import type { Clock } from '../../lib/clock';
import type { AuditChange } from '../audit/service';
import type { AdminMenuRepository } from './repository';

/** What each of the menu's resources is given: one options object, built in plugin.ts. */
export interface AdminMenuDeps {
  repository: AdminMenuRepository;
  /** The back office's one write path (lib/admin-write.ts). */
  write: AdminWrite;
  /** The app's clock (lib/clock.ts): the CSV's file name carries the chain's day. */
  clock: Clock;
}

/** Every menu change changes what storefronts show: every node drops its catalogue answers. */
export const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

/** A menu change done: its answer and change-log row, published as a catalogue change. */
export const menuChange = <T = undefined>(audit: AuditChange, result?: T): ChangeDone<T> => ({
  result: result as T,
  audit,
  publish: CATALOG_CHANGED,
});

/** The change-log row of hiding or showing a category or a product. */
export const visibilityAudit = (
  entity: 'category' | 'product',
  id: number,
  hidden: boolean,
  summary: string,
): AuditChange => ({ action: hidden ? 'hide' : 'show', entity, entity_id: id, summary });

// What a menu change hands the one write path (lib/admin-write.ts): its answer, its change-log
// row, and the catalogue change every node publishes after the commit.
import type { ChangeDone } from '../../lib/admin-write';
import type { AuditChange } from '../audit/service';

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

// The Contenido module's shared types (decision 065): each resource file takes its dependencies
// from here; it imports nothing of the module.
import type { AuditAction } from '@comanda/shared';
import type { AdminWrite } from '../../lib/admin-write';

/**
 * What each part of Contenido is given (decision 065), built in plugin.ts: the back office's one
 * write path (lib/admin-write.ts); a read outside a change takes its `reader`.
 */
export interface AdminContentDeps {
  write: AdminWrite;
}

/** What an edit is recorded as: `show`/`hide` when only `active` moved, else `update`. */
export type EditAction = Extract<AuditAction, 'update' | 'show' | 'hide'>;

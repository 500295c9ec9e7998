import type { AdminWrite } from '../../lib/admin-write';
import type { AdminMenuRepository } from './repository';

/** What each of the menu's resources is given: one options object, built in plugin.ts. */
export interface AdminMenuDeps {
  repository: AdminMenuRepository;
  /** The back office's one write path (lib/admin-write.ts). */
  write: AdminWrite;
}

/** Every menu change changes what storefronts show: every node drops its catalogue answers. */
export const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

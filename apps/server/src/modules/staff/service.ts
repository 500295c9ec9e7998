import { createAccessService } from './access';
import { createAccountsService } from './accounts';
import type { StaffDeps } from './deps';

/**
 * The back office's Personal: staff and admin accounts. Every change goes through the one write
 * path (lib/admin-write.ts): version, change and change-log row in one transaction. Whatever
 * takes access away (deactivating, a new password, another role or other branches) ends every
 * session of the account once committed. The chain always keeps one active admin.
 */
export function createStaffService(deps: StaffDeps) {
  return { ...createAccountsService(deps), ...createAccessService(deps) };
}

export type StaffService = ReturnType<typeof createStaffService>;

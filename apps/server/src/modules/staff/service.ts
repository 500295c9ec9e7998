// Personal's service: its plain functions bound to its one set of dependencies (decision 065).
import { bind } from '../../lib/bind';
import { activate, deactivate, resetPassword, resetSecondFactor } from './access';
import { createStaff, listStaff, updateStaff } from './accounts';
import type { StaffDeps } from './deps';

/**
 * The back office's Personal: staff and admin accounts, as app.staff. Every change goes through
 * the one write path (lib/admin-write.ts): version, change and change-log row in one transaction.
 * Whatever takes access away (deactivating, a new password, another role or other branches) ends
 * every session of the account once committed (access.ts: its tokens stop working and its open
 * consoles are disconnected on every node). The chain always keeps one active admin.
 */
export function createStaffService(deps: StaffDeps) {
  return {
    list: bind(deps, listStaff),
    create: bind(deps, createStaff),
    update: bind(deps, updateStaff),
    resetPassword: bind(deps, resetPassword),
    deactivate: bind(deps, deactivate),
    resetSecondFactor: bind(deps, resetSecondFactor),
    activate: bind(deps, activate),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

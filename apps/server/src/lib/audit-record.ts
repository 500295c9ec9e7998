import type { AuditAction } from '@comanda/shared';
import type { DbExecutor } from '../db/types';

// What a change-log row is made of, below modules/: the one write path (admin-write.ts) and the
// request's actor (request-user.ts) speak of it, and modules/audit/service.ts writes it.

/** Who made a change: the console's signed-in user. */
export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditChange {
  action: AuditAction;
  /** The kind of thing changed, singular English: "product", "category", "branch", "staff"… */
  entity: string;
  entity_id?: number | string | null;
  branch_id?: number | null;
  /** One Spanish line that says what changed, shown as is in the history. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Records a change in the transaction that makes it (the audit service's `record`). */
export interface AuditRecorder {
  record(executor: DbExecutor, actor: AuditActor, change: AuditChange): Promise<void>;
}

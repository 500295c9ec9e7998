import { ADMIN_MESSAGES } from '@comanda/shared';
import type { FastifyInstance } from 'fastify';
import {
  createAdminWriteRepository,
  type AdminWriteRepository,
  type OrderedList,
} from '../db/admin-write-repository';
import type { DbExecutor } from '../db/types';
import type { AuditActor, AuditChange, AuditRecorder } from './audit-record';
import type { CatalogChange } from '../plugins/catalog-events';
import { HttpError, invalidField, notFound } from './http-error';
import { isUniqueViolation } from './unique-violation';

/** What every back-office module (and the console's own writes) is given: one way, built in its plugin.ts. */
export interface AdminWriteDeps {
  repository: AdminWriteRepository;
  audit: AuditRecorder;
  /** Tells every node (and through them every storefront) after the commit. */
  publish: (change: CatalogChange) => Promise<void>;
}

/** The optimistic lock of one entity (decision 032). */
export interface VersionCheck {
  /** Raises the entity's version when it is still the expected one (the repository's claim). */
  claim: (trx: DbExecutor) => Promise<boolean>;
  /** The entity as its GET answers it, read after the refusal; null when it does not exist. */
  current: () => Promise<unknown>;
  /** The 404 when the entity does not exist. */
  notFound: string;
  /** The 409's message; the back office's general one by default. */
  conflict?: string;
}

/** What a change did: its answer, its change-log row (null: nothing changed) and what to publish. */
export interface ChangeDone<T> {
  result: T;
  audit: AuditChange | null;
  publish?: readonly CatalogChange[];
}

export interface WriteStep<T> {
  actor: AuditActor;
  version?: VersionCheck;
  /** Runs inside the transaction, after the version claim. Throwing rolls everything back. */
  change: (trx: DbExecutor) => Promise<ChangeDone<T>>;
  /** Runs the whole transaction again when a unique key refused it (a slug two admins took at once). */
  retryOnUnique?: number;
}

/** Thrown inside the transaction to roll it back; answered as 404 or 409 once it has ended. */
class StaleVersion extends Error {}

/**
 * The back office's one write path: the route has validated the body; then, in one transaction,
 * the version claim, the change and its audit row; after the commit, the publication. A stale
 * version answers 409 with the entity as it is now, and nothing (not even the audit row) is kept.
 */
export function createAdminWrite({ repository, audit, publish }: AdminWriteDeps) {
  async function once<T>(step: WriteStep<T>): Promise<ChangeDone<T>> {
    return repository.transaction(async (trx) => {
      if (step.version && !(await step.version.claim(trx))) throw new StaleVersion();
      const done = await step.change(trx);
      if (done.audit) await audit.record(trx, step.actor, done.audit);
      return done;
    });
  }

  async function attempt<T>(step: WriteStep<T>): Promise<ChangeDone<T>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(step);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= (step.retryOnUnique ?? 0)) throw error;
      }
    }
  }

  async function write<T>(step: WriteStep<T>): Promise<T> {
    let done: ChangeDone<T>;
    try {
      done = await attempt(step);
    } catch (error) {
      if (!(error instanceof StaleVersion) || !step.version) throw error;
      // Read after the rollback, outside the transaction: what the editor should now look at.
      const current = await step.version.current();
      if (current === null) throw notFound(step.version.notFound);
      throw new HttpError(409, step.version.conflict ?? ADMIN_MESSAGES.conflict, { current });
    }
    for (const change of done.publish ?? []) await publish(change);
    return done.result;
  }

  /**
   * The one reorder: inside the change's transaction, `ids` must name every item of the list
   * exactly once (else the one 400 on `ids`); positions become 0…n-1.
   */
  async function reorder(
    trx: DbExecutor,
    list: OrderedList,
    ids: number[],
    message: string,
  ): Promise<void> {
    const current = await repository.idsOf(trx, list);
    const wanted = new Set(ids);
    if (
      wanted.size !== ids.length ||
      ids.length !== current.length ||
      current.some((id) => !wanted.has(id))
    )
      throw invalidField('ids', message);
    await repository.setPositions(trx, list, ids);
  }

  return { write, reorder, repository, reader: repository.reader };
}

export type AdminWrite = ReturnType<typeof createAdminWrite>;

/** The write path of a module, from the app's database, change log and catalogue events. */
export function adminWriteOf(app: FastifyInstance): AdminWrite {
  return createAdminWrite({
    repository: createAdminWriteRepository(app.db),
    audit: app.audit,
    publish: (change) => app.catalogEvents.publish(change),
  });
}

import {
  ADMIN_BRANCH_MESSAGES,
  autoAcceptRules,
  formatMoney,
  type AutoAcceptAnswer,
  type AutoAcceptBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../../db/types';
import type { AdminWrite } from '../../../lib/admin-write';
import { notFound } from '../../../lib/http-error';
import type { AuditActor } from '../../audit/service';
import { rulesOf, storedJson } from './rules';
import { readSettings, writeSettings } from './settings-repository';

/** A branch's rules as the back office reads them, with its version. */
export async function autoAcceptOf(db: DbExecutor, id: number): Promise<AutoAcceptAnswer> {
  const row = await readSettings(db, id);
  if (!row) throw notFound(ADMIN_BRANCH_MESSAGES.notFound);
  return { ...rulesOf(row), version: row.version };
}

/**
 * A branch's rules, written through the back office's one write path (decision 032): the
 * branch's version claim, the change and its change-log row in one transaction, then the
 * branch's change published so every node's placement reads the new rules.
 */
export async function setAutoAccept(
  deps: { write: AdminWrite; db: DbExecutor },
  actor: AuditActor,
  id: number,
  body: AutoAcceptBody,
): Promise<AutoAcceptAnswer> {
  const { version, ...input } = body;
  const rules = autoAcceptRules.parse(input);
  await deps.write.write({
    actor,
    version: {
      claim: (trx) => deps.write.repository.claimVersion(trx, 'branches', id, version),
      current: () => autoAcceptOf(deps.db, id),
      notFound: ADMIN_BRANCH_MESSAGES.notFound,
    },
    change: async (trx) => {
      const before = (await readSettings(trx, id))!;
      await writeSettings(trx, id, {
        auto_accept: storedJson(rules),
        auto_accept_scheduled: rules.scheduled ? 1 : 0,
      });
      const audit = {
        action: 'update' as const,
        entity: 'branch',
        entity_id: id,
        branch_id: id,
        summary: `${before.title}: acepta sola ${describe(rules)}`,
        before: rulesOf(before),
        after: rules,
      };
      return { result: undefined, audit, publish: [{ type: 'branch', branch_id: id }] };
    },
  });
  return autoAcceptOf(deps.db, id);
}

/** The change log's words for the rules: «lo antes posible y programados, hasta $50.000». */
function describe(rules: ReturnType<typeof rulesOf>): string {
  const kinds = [rules.asap && 'lo antes posible', rules.scheduled && 'programados'].filter(
    Boolean,
  );
  if (kinds.length === 0) return 'nada';
  const conditions = [
    rules.paid_online_only && 'solo pagados en línea',
    rules.max_total !== null && `hasta ${formatMoney(rules.max_total)}`,
    rules.windows.length > 0 && 'en sus horarios',
  ].filter(Boolean);
  return [kinds.join(' y '), ...conditions].join(', ');
}

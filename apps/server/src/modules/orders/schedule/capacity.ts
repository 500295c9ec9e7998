import { ADMIN_BRANCH_MESSAGES, type AdminBranch, type BranchCapacityBody } from '@comanda/shared';
import type { AdminWrite } from '../../../lib/admin-write';
import type { AuditActor } from '../../audit/service';

const limitText = (value: number | null) => (value === null ? 'sin límite' : String(value));

/**
 * A branch's slot capacity, written through the back office's one write path (decision 032):
 * the branch's version claim, the change and its change-log row in one transaction, then the
 * branch's change published so every node's slots and placements read it.
 */
export async function setCapacity(
  deps: { write: AdminWrite; branch: (id: number) => Promise<{ results: AdminBranch }> },
  actor: AuditActor,
  id: number,
  body: BranchCapacityBody,
): Promise<{ results: AdminBranch }> {
  await deps.write.write({
    actor,
    version: {
      claim: (trx) => deps.write.repository.claimVersion(trx, 'branches', id, body.version),
      current: async () => (await deps.branch(id)).results,
      notFound: ADMIN_BRANCH_MESSAGES.notFound,
    },
    change: async (trx) => {
      const { title, ...before } = await trx
        .selectFrom('branches')
        .select(['title', 'orders_per_slot', 'units_per_slot', 'staff_sets_capacity'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const after = {
        orders_per_slot: body.orders_per_slot,
        units_per_slot:
          body.units_per_slot === undefined ? before.units_per_slot : body.units_per_slot,
        staff_sets_capacity:
          body.staff_sets_capacity === undefined
            ? before.staff_sets_capacity
            : Number(body.staff_sets_capacity),
      };
      await trx.updateTable('branches').set(after).where('id', '=', id).execute();
      const byStaff = after.staff_sets_capacity === 1 ? ', la sede puede cambiarla' : '';
      const audit = {
        action: 'update' as const,
        entity: 'branch',
        entity_id: id,
        branch_id: id,
        summary: `${title}: capacidad por franja (${limitText(after.orders_per_slot)} pedidos, ${limitText(after.units_per_slot)} unidades${byStaff})`,
        before,
        after,
      };
      return { result: undefined, audit, publish: [{ type: 'branch', branch_id: id }] };
    },
  });
  return deps.branch(id);
}

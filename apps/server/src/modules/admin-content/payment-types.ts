import {
  ADMIN_CONTENT_MESSAGES as M,
  ADMIN_MESSAGES,
  type AdminPaymentType,
  type paymentTypeBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { invalidField } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import {
  actionOf,
  CATALOG_CHANGED,
  changes,
  flag,
  rowVersion,
  withoutVersion,
  type AdminContentDeps,
} from './deps';
import type { AdminContentRepository } from './repository';

type PaymentTypeInput = z.output<typeof paymentTypeBody>;
type PaymentRow = NonNullable<Awaited<ReturnType<AdminContentRepository['findPaymentType']>>>;

const paymentOf = (row: PaymentRow): AdminPaymentType => ({ ...row, active: row.active === 1 });

const findPayment = async (
  repository: AdminContentRepository,
  executor: DbExecutor,
  id: number,
) => {
  const row = await repository.findPaymentType(executor, id);
  return row ? paymentOf(row) : null;
};

async function create(
  { repository, write }: AdminContentDeps,
  actor: AuditActor,
  body: PaymentTypeInput,
) {
  return write.write({
    actor,
    change: async (trx) => {
      const id = await repository.insertPaymentType(trx, {
        description: body.description,
        active: flag(body.active ?? true),
      });
      const created = (await findPayment(repository, trx, id))!;
      const summary = `Método de pago «${created.description}» creado`;
      return {
        result: created,
        audit: {
          action: 'create',
          entity: 'payment_type',
          entity_id: id,
          summary,
          after: withoutVersion(created),
        },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

async function update(
  deps: AdminContentDeps,
  actor: AuditActor,
  id: number,
  body: PaymentTypeInput,
) {
  const { repository, write } = deps;
  return write.write({
    actor,
    version: rowVersion(
      deps,
      'payment_types',
      id,
      body.version,
      () => findPayment(repository, write.reader, id),
      M.paymentTypeNotFound,
    ),
    change: async (trx) => {
      const before = withoutVersion((await findPayment(repository, trx, id))!);
      await repository.updatePaymentType(trx, id, {
        description: body.description,
        active: flag(body.active ?? before.active),
      });
      // Checked after the write, inside the transaction: two admins disabling the last two at once
      // still leave one (PostgreSQL serializes the rows' updates; SQLite has one writer).
      if ((await repository.countActivePaymentTypes(trx)) === 0)
        throw invalidField('active', M.lastPaymentType);
      const saved = (await findPayment(repository, trx, id))!;
      const after = withoutVersion(saved);
      const action = actionOf(before, after);
      const summary =
        action === 'update'
          ? `Método de pago «${before.description}»: ${changes({ description: 'nombre', active: 'estado' }, before, after)}`
          : `Método de pago «${after.description}» ${action === 'hide' ? 'desactivado' : 'activado'}`;
      return {
        result: saved,
        audit: { action, entity: 'payment_type', entity_id: id, summary, before, after },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

async function reorder({ repository, write }: AdminContentDeps, actor: AuditActor, ids: number[]) {
  return write.write({
    actor,
    change: async (trx) => {
      const before = (await repository.listPaymentTypes(trx)).map((p) => p.id);
      await write.reorder(trx, { table: 'payment_types' }, ids, ADMIN_MESSAGES.order);
      const rows = await repository.listPaymentTypes(trx);
      const summary = `Métodos de pago en orden: ${rows.map((p) => p.description).join(', ')}`;
      return {
        result: rows.map(paymentOf),
        audit: { action: 'reorder', entity: 'payment_type', summary, before, after: ids },
        publish: CATALOG_CHANGED,
      };
    },
  });
}

/** The payment methods checkout offers; one always stays active. */
export function createPaymentTypesService(deps: AdminContentDeps) {
  return {
    list: async () => (await deps.repository.listPaymentTypes()).map(paymentOf),
    create: (actor: AuditActor, body: PaymentTypeInput) => create(deps, actor, body),
    update: (actor: AuditActor, id: number, body: PaymentTypeInput) =>
      update(deps, actor, id, body),
    reorder: (actor: AuditActor, ids: number[]) => reorder(deps, actor, ids),
  };
}

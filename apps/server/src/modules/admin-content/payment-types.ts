import {
  ADMIN_CONTENT_MESSAGES as M,
  PAYMENT_KIND_TEXT,
  type AdminPaymentType,
  type paymentTypeBody,
} from '@comanda/shared';
import type { z } from 'zod';
import { invalidField } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag, type AdminContentDeps } from './deps';
import type { AdminContentRepository } from './repository';

type PaymentTypeInput = z.output<typeof paymentTypeBody>;
type PaymentRow = NonNullable<Awaited<ReturnType<AdminContentRepository['findPaymentType']>>>;

const paymentOf = (row: PaymentRow): AdminPaymentType => ({ ...row, active: row.active === 1 });

const paymentTypesOf = (repository: AdminContentRepository): ContentList<AdminPaymentType> => ({
  entity: 'payment_type',
  list: { table: 'payment_types' },
  notFound: M.paymentTypeNotFound,
  find: async (executor, id) => {
    const row = await repository.findPaymentType(executor, id);
    return row ? paymentOf(row) : null;
  },
  all: async (executor) => (await repository.listPaymentTypes(executor)).map(paymentOf),
});

/** The payment methods checkout offers; one always stays active. */
export function createPaymentTypesService(deps: AdminContentDeps) {
  const { repository } = deps;
  const paymentTypes = paymentTypesOf(repository);
  return {
    list: async () => (await repository.listPaymentTypes()).map(paymentOf),
    create: (actor: AuditActor, body: PaymentTypeInput) =>
      createRow(
        deps,
        actor,
        paymentTypes,
        (trx) =>
          repository.insertPaymentType(trx, {
            description: body.description,
            active: flag(body.active ?? true),
            kind: body.kind ?? 'on_delivery',
          }),
        (created) => `Método de pago «${created.description}» creado`,
      ),
    update: (actor: AuditActor, id: number, body: PaymentTypeInput) =>
      updateRow(
        deps,
        actor,
        paymentTypes,
        { id, version: body.version },
        async (trx, before) => {
          await repository.updatePaymentType(trx, id, {
            description: body.description,
            active: flag(body.active ?? before.active),
            kind: body.kind ?? before.kind,
          });
          // Checked after the write, inside the transaction: two admins disabling the last two at
          // once still leave one (PostgreSQL serializes the rows' updates; SQLite has one writer).
          if ((await repository.countActivePaymentTypes(trx)) === 0)
            throw invalidField('active', M.lastPaymentType);
        },
        (action, before, after) =>
          action === 'update'
            ? `Método de pago «${before.description}»: ${changes(
                { description: 'nombre', active: 'estado', kind: 'cómo se paga' },
                { ...before, kind: PAYMENT_KIND_TEXT[before.kind] },
                { ...after, kind: PAYMENT_KIND_TEXT[after.kind] },
              )}`
            : `Método de pago «${after.description}» ${action === 'hide' ? 'desactivado' : 'activado'}`,
      ),
    reorder: (actor: AuditActor, ids: number[]) =>
      reorderRows(
        deps,
        actor,
        paymentTypes,
        ids,
        (rows) => `Métodos de pago en orden: ${rows.map((p) => p.description).join(', ')}`,
      ),
  };
}

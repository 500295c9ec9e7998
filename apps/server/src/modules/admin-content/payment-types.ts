import {
  ADMIN_CONTENT_MESSAGES as M,
  PAYMENT_KIND_TEXT,
  type AdminPaymentType,
  type paymentTypeBody,
} from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { invalidField } from '../../lib/http-error';
import { createRow, reorderRows, updateRow, type ContentList } from './content-rows';
import { changes, flag } from './content-change';
import type { AdminContentDeps } from './types';
import {
  countActivePaymentTypes,
  findPaymentType,
  insertPaymentType,
  listPaymentTypes,
  updatePaymentType,
  type PaymentTypeRow,
} from './payment-types-repository';

// The payment methods checkout offers; one always stays active. Plain functions of the section's
// deps (decision 065).

type PaymentTypeInput = z.output<typeof paymentTypeBody>;

const paymentOf = (row: PaymentTypeRow): AdminPaymentType => ({
  ...row,
  active: row.active === 1,
});

const PAYMENT_TYPES: ContentList<AdminPaymentType> = {
  entity: 'payment_type',
  list: { table: 'payment_types' },
  notFound: M.paymentTypeNotFound,
  find: async (executor, id) => {
    const row = await findPaymentType(executor, id);
    return row ? paymentOf(row) : null;
  },
  all: async (executor) => (await listPaymentTypes(executor)).map(paymentOf),
};

export const adminPaymentTypes = (db: DbExecutor) => PAYMENT_TYPES.all(db);

export const createPaymentType = (
  deps: AdminContentDeps,
  actor: AuditActor,
  body: PaymentTypeInput,
) =>
  createRow(
    deps,
    actor,
    PAYMENT_TYPES,
    (trx) =>
      insertPaymentType(trx, {
        description: body.description,
        active: flag(body.active ?? true),
        kind: body.kind ?? 'on_delivery',
      }),
    (created) => `Método de pago «${created.description}» creado`,
  );

export const editPaymentType = (
  deps: AdminContentDeps,
  actor: AuditActor,
  id: number,
  body: PaymentTypeInput,
) =>
  updateRow(
    deps,
    actor,
    PAYMENT_TYPES,
    { id, version: body.version },
    async (trx, before) => {
      await updatePaymentType(trx, id, {
        description: body.description,
        active: flag(body.active ?? before.active),
        kind: body.kind ?? before.kind,
      });
      // Checked after the write, inside the transaction: two admins disabling the last two at
      // once still leave one (PostgreSQL serializes the rows' updates; SQLite has one writer).
      if ((await countActivePaymentTypes(trx)) === 0)
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
  );

export const reorderPaymentTypes = (deps: AdminContentDeps, actor: AuditActor, ids: number[]) =>
  reorderRows(
    deps,
    actor,
    PAYMENT_TYPES,
    ids,
    (rows) => `Métodos de pago en orden: ${rows.map((p) => p.description).join(', ')}`,
  );

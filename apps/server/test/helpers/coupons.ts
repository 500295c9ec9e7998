import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/dialect';
import { newCouponCode } from '../../src/modules/marketing/coupon-codes';

const DAY = 86_400_000;

/** A signup at the branch and the code it issued, with these terms, issued `ageDays` ago. */
export async function issueCode(
  database: DatabaseHandle,
  branchId: number,
  terms: { percent?: number; amount?: number; min?: number; validDays?: number; ageDays?: number },
): Promise<string> {
  const { db } = database;
  const source = await db.selectFrom('parameters').select('id').executeTakeFirstOrThrow();
  const email = `cupon-${randomUUID()}@ejemplo.co`;
  const issued = Date.now() - (terms.ageDays ?? 0) * DAY;
  const signup = await db
    .insertInto('discount_signups')
    .values({
      branch_id: branchId,
      name: 'Laura Pérez',
      phone: '3001112233',
      email,
      address: 'Calle 10 #5-20',
      source_id: source.id,
      created_at: new Date(issued).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = newCouponCode();
  await db
    .insertInto('coupon_codes')
    .values({
      code,
      branch_id: branchId,
      signup_id: signup.id,
      email,
      discount_percent: terms.percent ?? 0,
      discount_amount: terms.amount ?? 0,
      min_order: terms.min ?? 0,
      created_at: new Date(issued).toISOString(),
      expires_at: new Date(issued + (terms.validDays ?? 30) * DAY).toISOString(),
    })
    .execute();
  return code;
}

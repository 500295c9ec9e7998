import type { DbExecutor } from '../../db/types';

// The browsers each account logged in on (migration 033, decision 076), plain functions of the
// executor (decision 065).

export const findKnownDevice = (executor: DbExecutor, userId: number, deviceHash: string) =>
  executor
    .selectFrom('login_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();

/** A login on the device: the row made the first time, its last login moved after that. */
export async function rememberLogin(
  executor: DbExecutor,
  login: { user_id: number; device_hash: string; at: string },
) {
  await executor
    .insertInto('login_devices')
    .values({
      user_id: login.user_id,
      device_hash: login.device_hash,
      created_at: login.at,
      last_login_at: login.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_login_at: login.at }),
    )
    .execute();
}

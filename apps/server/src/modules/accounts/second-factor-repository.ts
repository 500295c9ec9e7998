import type { DbExecutor } from '../../db/types';

// An account's second factor, its recovery codes, login challenges and the chain's settings,
// plain functions of the executor (decision 065).

/** The branches whose staff must have the factor (migration 038); empty: every branch. */
export async function rolloutBranchIds(executor: DbExecutor): Promise<number[]> {
  const rows = await executor
    .selectFrom('second_factor_branches')
    .select('branch_id')
    .orderBy('branch_id')
    .execute();
  return rows.map((row) => row.branch_id);
}

/** The chain's one row of settings (migration 020 writes it), with the staff rollout. */
export async function chainSecondFactorSettings(executor: DbExecutor) {
  const row = await executor
    .selectFrom('chain_settings')
    .select(['second_factor_admins', 'second_factor_staff', 'second_factor_staff_since'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    second_factor_admins: row ? row.second_factor_admins === 1 : true,
    second_factor_staff: row ? row.second_factor_staff === 1 : false,
    second_factor_staff_branch_ids: await rolloutBranchIds(executor),
    second_factor_staff_since: row?.second_factor_staff_since ?? null,
  };
}

/** Which of these ids are branches (the rollout's choice is checked before it is written). */
export async function knownBranchIds(executor: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .selectFrom('branches')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export type StoredSecondFactorSettings = Awaited<ReturnType<typeof chainSecondFactorSettings>>;

/** Writes the settings; `since` only when the staff requirement widened (else it stays). */
export async function setChainSecondFactorSettings(
  executor: DbExecutor,
  values: {
    second_factor_admins: boolean;
    second_factor_staff: boolean;
    second_factor_staff_branch_ids: readonly number[];
  },
  since: string | null,
) {
  await executor
    .updateTable('chain_settings')
    .set((eb) => ({
      second_factor_admins: values.second_factor_admins ? 1 : 0,
      second_factor_staff: values.second_factor_staff ? 1 : 0,
      ...(since === null ? {} : { second_factor_staff_since: since }),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', 1)
    .execute();
  await executor.deleteFrom('second_factor_branches').execute();
  const ids = [...new Set(values.second_factor_staff_branch_ids)];
  if (ids.length > 0)
    await executor
      .insertInto('second_factor_branches')
      .values(ids.map((branch_id) => ({ branch_id })))
      .execute();
}

export const findEnrollingUser = (executor: DbExecutor, userId: number) =>
  executor
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'role',
      'totp_secret',
      'totp_pending_secret',
      'totp_enabled_at',
    ])
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();

export async function setPendingSecret(executor: DbExecutor, userId: number, secret: string) {
  await executor
    .updateTable('users')
    .set({ totp_pending_secret: secret })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records that a code of `step` was accepted; false when one of this step or a later one
 * already was (the same code again, or an older one after it): the code is refused.
 */
export async function claimStep(
  executor: DbExecutor,
  userId: number,
  step: number,
): Promise<boolean> {
  const rows = await executor
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Uses one unused recovery code; false when the account has no such unused code. */
export async function useRecoveryCode(
  executor: DbExecutor,
  userId: number,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const rows = await executor
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function unusedRecoveryCodes(executor: DbExecutor, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Turns the factor on with the secret being enrolled: new recovery codes replace any old
 * ones, and the session that confirmed it counts as having passed it.
 */
export async function enableSecondFactor(
  db: DbExecutor,
  userId: number,
  sessionId: number,
  secret: string,
  codeHashes: string[],
  at: string,
  notice: (trx: DbExecutor) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await notice(trx);
    await trx
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled_at: at })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })))
      .execute();
    await trx
      .updateTable('sessions')
      .set({ second_factor_at: at })
      .where('id', '=', sessionId)
      .execute();
  });
}

export async function disableSecondFactor(
  db: DbExecutor,
  userId: number,
  notice: (trx: DbExecutor) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await notice(trx);
    await trx
      .updateTable('users')
      // The last step goes too: it belonged to this secret, and would refuse the first codes
      // of the next one enrolled within the same half minute.
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

export async function insertChallenge(
  executor: DbExecutor,
  values: {
    user_id: number;
    token_hash: string;
    created_at: string;
    expires_at: string;
  },
) {
  await executor.insertInto('login_challenges').values(values).execute();
}

/** The live (unused, unexpired) challenge of a token hash, with its account. */
export const findLiveChallenge = (executor: DbExecutor, tokenHash: string, now: string) =>
  executor
    .selectFrom('login_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id as challenge_id', 'u.id', 'u.name', 'u.email', 'u.phone', 'u.totp_secret'])
    .where('c.token_hash', '=', tokenHash)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();

/** Spends a challenge; false when another request already did. */
export async function useChallenge(
  executor: DbExecutor,
  challengeId: number,
  at: string,
): Promise<boolean> {
  const rows = await executor
    .updateTable('login_challenges')
    .set({ used_at: at })
    .where('id', '=', challengeId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Each TOTP secret stored (confirmed or being enrolled), with its account and column. */
export async function listStoredTotpSecrets(executor: DbExecutor) {
  const rows = await executor
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) =>
      eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]),
    )
    .execute();
  return rows.flatMap((row) =>
    (['totp_secret', 'totp_pending_secret'] as const).flatMap((column) => {
      const value = row[column];
      return value === null ? [] : [{ id: row.id, column, value }];
    }),
  );
}

/** Replaces one stored secret if it is still `value`; false when it changed meanwhile. */
export async function replaceTotpSecret(
  executor: DbExecutor,
  stored: { id: number; column: 'totp_secret' | 'totp_pending_secret'; value: string },
  replacement: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('users')
    .set({ [stored.column]: replacement })
    .where('id', '=', stored.id)
    .where(stored.column, '=', stored.value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

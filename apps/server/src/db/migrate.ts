import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './dialect';
import {
  DEFAULT_LOCK_CONFLICT_POLICY,
  retryingLockConflicts,
  withBoundedLockWaits,
  type LockConflictPolicy,
} from './migration-locks';
import { toleratingNewer } from './newer-migrations';
import type { Migration } from './migrations/helpers';
import { catalogMigration } from './migrations/001-catalog';
import { accountsAndOrdersMigration } from './migrations/002-accounts-and-orders';
import { marketingMigration } from './migrations/003-marketing';
import { rolesAndStaffBranchesMigration } from './migrations/004-roles-and-staff-branches';
import { sessionsMigration } from './migrations/005-sessions';
import { consoleMigration } from './migrations/006-console';
import { auditLogMigration } from './migrations/007-audit-log';
import { adminMenuMigration } from './migrations/008-admin-menu';
import { adminBranchesMigration } from './migrations/009-admin-branches';
import { adminContentMigration } from './migrations/010-admin-content';
import { imagesMigration } from './migrations/011-images';
import { orderHistoryAndCountsMigration } from './migrations/012-order-history-and-counts';
import { leanerOrderIndexesMigration } from './migrations/013-leaner-order-indexes';
import { staffActionsAuditedMigration } from './migrations/014-staff-actions-audited';
import { deliveryDetailsMigration } from './migrations/015-delivery-details';
import { catalogVersionMigration } from './migrations/016-catalog-version';
import { versionsOnAdminEntitiesMigration } from './migrations/017-versions-on-admin-entities';
import { orderAheadMigration } from './migrations/018-order-ahead';
import { outboxResetsAndCouponCodesMigration } from './migrations/019-outbox-resets-and-coupon-codes';
import { secondFactorMigration } from './migrations/020-second-factor';
import { autoAcceptScheduledMigration } from './migrations/021-auto-accept-scheduled';
import { brandMigration } from './migrations/022-brand';
import { daypartsMigration } from './migrations/023-dayparts';
import { brandLogoMigration } from './migrations/025-brand-logo';
import { optionSoldOutMigration } from './migrations/026-option-sold-out';
import { onlinePaymentsMigration } from './migrations/027-online-payments';
import { couriersMigration } from './migrations/028-couriers';
import { insightRollupsMigration } from './migrations/029-insight-rollups';
import { kitchenStationsMigration } from './migrations/030-kitchen-stations';
import { printersMigration } from './migrations/031-printers';
import { insightDaysMigration } from './migrations/032-insight-days';
import { autoAcceptMigration } from './migrations/034-auto-accept';
import { insightChainDaysMigration } from './migrations/035-insight-chain-days';
import { promotionsMigration } from './migrations/036-promotions';
import { secondFactorRolloutMigration } from './migrations/038-second-factor-rollout';
import { allergensAndTagsMigration } from './migrations/039-allergens-and-tags';
import { orderRatingsMigration } from './migrations/040-order-ratings';
import { lineNotesAndTipsMigration } from './migrations/041-line-notes-and-tips';
import { bannerPromotionMigration } from './migrations/042-banner-promotion';
import { orderChannelMigration } from './migrations/043-order-channel';
import { staffSlotCapacityMigration } from './migrations/044-staff-slot-capacity';
import { insightMoneyBigintMigration } from './migrations/045-insight-money-bigint';
import { insightChangesMigration } from './migrations/046-insight-changes';
import { insightCustomersByBucketMigration } from './migrations/047-insight-customers-by-bucket';
import { secretsAtRestAndKnownDevicesMigration } from './migrations/033-secrets-at-rest-and-known-devices';

/**
 * Migrations live in code (not read from a folder at run time) so the bundled server carries
 * them. Names sort in the order they run; never rename or edit one that has shipped.
 */
export function migrationsFor(dialect: DatabaseHandle['dialect']): Record<string, Migration> {
  return {
    '001-catalog': catalogMigration(dialect),
    '002-accounts-and-orders': accountsAndOrdersMigration(dialect),
    '003-marketing': marketingMigration(dialect),
    '004-roles-and-staff-branches': rolesAndStaffBranchesMigration(dialect),
    '005-sessions': sessionsMigration(dialect),
    '006-console': consoleMigration(dialect),
    '007-audit-log': auditLogMigration(dialect),
    '008-admin-menu': adminMenuMigration(),
    '009-admin-branches': adminBranchesMigration(dialect),
    '010-admin-content': adminContentMigration(dialect),
    '011-images': imagesMigration(dialect),
    '012-order-history-and-counts': orderHistoryAndCountsMigration(dialect),
    '013-leaner-order-indexes': leanerOrderIndexesMigration(),
    '014-staff-actions-audited': staffActionsAuditedMigration(),
    '015-delivery-details': deliveryDetailsMigration(),
    '016-catalog-version': catalogVersionMigration(),
    '017-versions-on-admin-entities': versionsOnAdminEntitiesMigration(),
    '018-order-ahead': orderAheadMigration(dialect),
    '019-outbox-resets-and-coupon-codes': outboxResetsAndCouponCodesMigration(dialect),
    '020-second-factor': secondFactorMigration(dialect),
    '021-auto-accept-scheduled': autoAcceptScheduledMigration(),
    '022-brand': brandMigration(),
    '023-dayparts': daypartsMigration(),
    '025-brand-logo': brandLogoMigration(dialect),
    '026-option-sold-out': optionSoldOutMigration(),
    '027-online-payments': onlinePaymentsMigration(dialect),
    '028-couriers': couriersMigration(dialect),
    '029-insight-rollups': insightRollupsMigration(dialect),
    '030-kitchen-stations': kitchenStationsMigration(dialect),
    '031-printers': printersMigration(dialect),
    '032-insight-days': insightDaysMigration(dialect),
    '033-secrets-at-rest-and-known-devices': secretsAtRestAndKnownDevicesMigration(dialect),
    '034-auto-accept': autoAcceptMigration(),
    '035-insight-chain-days': insightChainDaysMigration(dialect),
    '036-promotions': promotionsMigration(dialect),
    '038-second-factor-rollout': secondFactorRolloutMigration(dialect),
    '039-allergens-and-tags': allergensAndTagsMigration(),
    '040-order-ratings': orderRatingsMigration(dialect),
    '041-line-notes-and-tips': lineNotesAndTipsMigration(),
    '042-banner-promotion': bannerPromotionMigration(),
    '043-order-channel': orderChannelMigration(),
    '044-staff-slot-capacity': staffSlotCapacityMigration(),
    '045-insight-money-bigint': insightMoneyBigintMigration(dialect),
    '046-insight-changes': insightChangesMigration(dialect),
    '047-insight-customers-by-bucket': insightCustomersByBucketMigration(),
  };
}

/** What a start's migration did, and which migrations of the database this version does not know. */
export type MigrationOutcome = MigrationResultSet & {
  /** Run by a newer release; this version runs beside them (newer-migrations.ts, decision 081). */
  newer: string[];
  /** How many times the run lost a lock to a running node and was run again (decision 110). */
  lockConflicts: number;
};

/**
 * Runs the pending migrations all-or-nothing: on both dialects the Migrator runs them, and
 * records them, in one transaction (see TransactionalDdlSqliteDialect), so a crash or an error
 * halfway leaves the database as it was and the next start runs them again from the start.
 * Migrations a newer release ran are left alone and reported (newer-migrations.ts). On
 * PostgreSQL, where the previous release's nodes keep working beside it, a migration waits for a
 * lock only so long, and a run that lost a lock to them is run again (migration-locks.ts).
 */
export async function migrateToLatest(
  handle: DatabaseHandle,
  migrations: Record<string, Migration> = migrationsFor(handle.dialect),
  locks: LockConflictPolicy = DEFAULT_LOCK_CONFLICT_POLICY,
): Promise<MigrationOutcome> {
  if (handle.dialect === 'sqlite')
    return { ...(await migrateOnce(handle, migrations)), lockConflicts: 0 };
  const bounded = withBoundedLockWaits(migrations, locks.lockWaitMs);
  const { result, conflicts } = await retryingLockConflicts(
    () => migrateOnce(handle, bounded),
    locks.retryForMs,
  );
  return { ...result, lockConflicts: conflicts };
}

async function migrateOnce(
  handle: DatabaseHandle,
  migrations: Record<string, Migration>,
): Promise<Omit<MigrationOutcome, 'lockConflicts'>> {
  const { provider, newer } = await toleratingNewer(handle, migrations);
  const migrator = new Migrator({
    db: handle.db,
    provider,
    // Kysely looks for its own tables in every schema unless told which one: a PostgreSQL schema
    // next to an already migrated one would skip creating them and fail. Ours is the current one
    // (`public`, or the search_path the connection was given).
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(handle) } : {}),
  });
  // SQLite ignores `foreign_keys` inside a transaction, and a migration that rebuilds a table
  // (the documented way to change one) must drop the old one without cascading: keys are off
  // around the migrations' one transaction, and each such migration checks them itself.
  const sqlite = handle.dialect === 'sqlite';
  if (sqlite) await sql`pragma foreign_keys = off`.execute(handle.db);
  try {
    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error;
    return { ...result, newer };
  } finally {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(handle.db);
  }
}

async function currentSchema({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema)
    throw new Error('PostgreSQL has no current schema: set search_path to an existing schema');
  return schema;
}

import { sql, type Kysely } from 'kysely';

/**
 * Old name → new name of the migrations renamed so that name order is run order. Installations
 * migrated before the rename recorded the old names; without this the migrator would take every
 * renamed migration for a new one and run it again.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  Migration20261122000009Webhooks: 'Migration20261122000005Webhooks',
  Migration20261122000007Coupons: 'Migration20261122000006Coupons',
  Migration20261122000008StatsSearch: 'Migration20261122000007StatsSearch',
  Migration20261122000005Payouts: 'Migration20261122000008Payouts',
  Migration20261122000006Teams: 'Migration20261122000009Teams',
  Migration20261122000012HotPaths: 'Migration20261122000010HotPaths',
  Migration20261122000013CampaignRecentIndex: 'Migration20261122000011CampaignRecentIndex',
  Migration20261126100001ChangeNotifications: 'Migration20261126000001ChangeNotifications',
  Migration20261126100002AuditCount: 'Migration20261126000002AuditCount',
  Migration20261126200001WebhookDeliveryLeases: 'Migration20261126000003WebhookDeliveryLeases',
  Migration20261126300001IdempotencyKeys: 'Migration20261126000004IdempotencyKeys',
  Migration20261126400001CampaignAttributionSettings: 'Migration20261126000005CampaignAttributionSettings',
  Migration20261126400002SalesFromProviders: 'Migration20261126000006SalesFromProviders',
  Migration20261126700001WebSessions: 'Migration20261126000007WebSessions',
  Migration20261126700002MerchantUsers: 'Migration20261126000008MerchantUsers',
  Migration20261126600001MailDelivery: 'Migration20261126000009MailDelivery',
  Migration20261126500001RunningAProgram: 'Migration20261126000010RunningAProgram',
  Migration20261126800001RealPayouts: 'Migration20261126000011RealPayouts',
  Migration20261126500002InvitationListIndex: 'Migration20261126000012InvitationListIndex',
  Migration20261126800002PaymentsForRowsInFlight: 'Migration20261126000013PaymentsForRowsInFlight',
};

/** MikroORM's default table of executed migrations. */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * Rewrites recorded old names to the new ones, before the migrator compares them with its list.
 * Idempotent (no old name is left after one run; no new name equals an old one), and a no-op on a
 * database that has never been migrated. One statement, so a concurrent start sees all or none.
 */
export const renameRecordedMigrations = async (db: Kysely<any>): Promise<number> => {
  const { rows } = await sql<{ present: boolean }>`select to_regclass(${MIGRATIONS_TABLE}) is not null as present`.execute(db);
  if (!rows[0]?.present) return 0;
  const pairs = Object.entries(RENAMED_MIGRATIONS).map(([from, to]) => sql`(${from}::text, ${to}::text)`);
  const result = await sql`update ${sql.table(MIGRATIONS_TABLE)} as recorded set name = renamed.new_name
    from (values ${sql.join(pairs)}) as renamed (old_name, new_name)
    where recorded.name = renamed.old_name`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
};

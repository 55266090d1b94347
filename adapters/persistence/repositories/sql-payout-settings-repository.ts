import { sql } from 'kysely';
import type { PayoutSettingsRepository } from '../../../application/ports/payout-settings-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, DEFAULT_PAYOUT_SETTINGS, type CurrencyCode, type PayoutSettings } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type SettingsRow = Omit<Row<'payout_settings'>, 'merchant_id' | 'mode' | 'minimum_payouts'> & { minimum_payouts: Record<string, string> };

export const payoutSettingsFromRow = (row: SettingsRow | undefined): PayoutSettings =>
  row
    ? {
        payoutDay: row.payout_day === null ? null : Number(row.payout_day),
        minimumPayout: new Map(Object.entries(row.minimum_payouts ?? {}).map(([c, v]) => [c as CurrencyCode, new Decimal(v)])),
        updatedAt: new Date(row.updated_at),
      }
    : DEFAULT_PAYOUT_SETTINGS;

/** `payout_settings`: one row per merchant and mode, minimums as a JSON object of decimal strings. */
export class SqlPayoutSettingsRepository implements PayoutSettingsRepository {
  constructor(private readonly orm: Orm) {}

  private async read(tenant: Tenant, lock: boolean): Promise<PayoutSettings> {
    const {
      rows: [row],
    } = await sql<SettingsRow>`select payout_day, minimum_payouts, updated_at from payout_settings
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}${lock ? sql` for update` : sql``}`.execute(currentDb(this.orm));
    return payoutSettingsFromRow(row);
  }

  get(tenant: Tenant): Promise<PayoutSettings> {
    return this.read(tenant, false);
  }

  getForUpdate(tenant: Tenant): Promise<PayoutSettings> {
    return this.read(tenant, true);
  }

  async save(tenant: Tenant, settings: PayoutSettings): Promise<void> {
    const minimums = Object.fromEntries([...settings.minimumPayout].map(([c, v]) => [c, v.toFixed()]));
    await sql`insert into payout_settings (merchant_id, mode, payout_day, minimum_payouts, updated_at)
       values (${tenant.merchantId}, ${tenant.mode}, ${settings.payoutDay}, ${JSON.stringify(minimums)}::jsonb, ${settings.updatedAt ?? new Date(0)})
       on conflict (merchant_id, mode) do update set payout_day = excluded.payout_day, minimum_payouts = excluded.minimum_payouts, updated_at = excluded.updated_at`.execute(
      currentDb(this.orm),
    );
  }
}

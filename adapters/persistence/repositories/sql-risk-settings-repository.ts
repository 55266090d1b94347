import { sql } from 'kysely';
import type { RiskSettingsRepository } from '../../../application/ports/risk-settings-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { changeRiskSettings, DEFAULT_RISK_SETTINGS, type RiskSettings, type RiskSettingsPatch } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/** The stored JSON is a full patch over the defaults, so a signal added later starts at its default. */
const toJson = (s: RiskSettings): RiskSettingsPatch => ({
  actions: { ...s.actions },
  fastConversionSeconds: s.fastConversionSeconds,
  clickVelocity: s.clickVelocity,
  conversionVelocity: s.conversionVelocity,
  refundRatePercent: s.refundRatePercent,
  refundRateMinConversions: s.refundRateMinConversions,
  bannedReferrerDomains: s.bannedReferrerDomains,
  paidAds: s.paidAds,
  scriptSales: s.scriptSales,
  scriptSaleMaxAmount: Object.fromEntries([...s.scriptSaleMaxAmount].map(([c, v]) => [c, v.toFixed()])),
});

const fromRow = (row: { settings: RiskSettingsPatch; updated_at: Date | string } | undefined): RiskSettings =>
  row ? changeRiskSettings(DEFAULT_RISK_SETTINGS, row.settings, new Date(row.updated_at)).unwrapOr(DEFAULT_RISK_SETTINGS) : DEFAULT_RISK_SETTINGS;

/** `risk_settings`: one row per merchant and mode. */
export class SqlRiskSettingsRepository implements RiskSettingsRepository {
  constructor(private readonly orm: Orm) {}

  private async read(tenant: Tenant, lock: boolean): Promise<RiskSettings> {
    const {
      rows: [row],
    } = await sql<{ settings: RiskSettingsPatch; updated_at: Date }>`select settings, updated_at from risk_settings
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}${lock ? sql` for update` : sql``}`.execute(currentDb(this.orm));
    return fromRow(row);
  }

  get(tenant: Tenant): Promise<RiskSettings> {
    return this.read(tenant, false);
  }

  getForUpdate(tenant: Tenant): Promise<RiskSettings> {
    return this.read(tenant, true);
  }

  async save(tenant: Tenant, settings: RiskSettings): Promise<void> {
    await sql`insert into risk_settings (merchant_id, mode, settings, updated_at)
       values (${tenant.merchantId}, ${tenant.mode}, ${JSON.stringify(toJson(settings))}::jsonb, ${settings.updatedAt ?? new Date(0)})
       on conflict (merchant_id, mode) do update set settings = excluded.settings, updated_at = excluded.updated_at`.execute(currentDb(this.orm));
  }
}

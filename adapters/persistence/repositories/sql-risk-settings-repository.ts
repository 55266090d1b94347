import { sql } from 'kysely';
import type { RiskSettingsRepository } from '../../../application/ports/risk-settings-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { RiskSettings, RiskSettingsPatch } from '../../../domain/index.js';
import { riskSettingsFromRow, riskSettingsJson } from '../mappers/risk-settings.mapper.js';
import { currentDb, type Orm } from '../orm.js';

/** `risk_settings`: one row per merchant and mode. */
export class SqlRiskSettingsRepository implements RiskSettingsRepository {
  constructor(private readonly orm: Orm) {}

  private async read(tenant: Tenant, lock: boolean): Promise<RiskSettings> {
    const {
      rows: [row],
    } = await sql<{ settings: RiskSettingsPatch; updated_at: Date }>`select settings, updated_at from risk_settings
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}${lock ? sql` for update` : sql``}`.execute(currentDb(this.orm));
    return riskSettingsFromRow(row);
  }

  get(tenant: Tenant): Promise<RiskSettings> {
    return this.read(tenant, false);
  }

  getForUpdate(tenant: Tenant): Promise<RiskSettings> {
    return this.read(tenant, true);
  }

  async save(tenant: Tenant, settings: RiskSettings): Promise<void> {
    await sql`insert into risk_settings (merchant_id, mode, settings, updated_at)
       values (${tenant.merchantId}, ${tenant.mode}, ${JSON.stringify(riskSettingsJson(settings))}::jsonb, ${settings.updatedAt ?? new Date(0)})
       on conflict (merchant_id, mode) do update set settings = excluded.settings, updated_at = excluded.updated_at`.execute(currentDb(this.orm));
  }
}

import { sql } from 'kysely';
import type { CampaignRepository } from '../../../application/ports/campaign-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Campaign } from '../../../domain/index.js';
import { campaignColumns, campaignFromRow, tiersToStored, type CampaignRow } from '../mappers/campaign.mapper.js';
import { currentDb, type Orm } from '../orm.js';

export class MikroOrmCampaignRepository implements CampaignRepository {
  constructor(private readonly orm: Orm) {}

  async insert(c: Campaign): Promise<'inserted' | 'tracking_code_taken'> {
    const inserted = await sql<{ id: string }>`
      insert into campaigns (id, merchant_id, name, description, tracking_code, status, commission_type, commission_value,
        target_url, auto_approve_affiliates, auto_approve_commissions_after_days, is_public, enable_recurring_commissions,
        commission_tiers, recurring_commission_months, attribution_window_days, created_at, updated_at)
      values (${c.id}, ${c.merchantId}, ${c.name}, ${c.description}, ${c.trackingCode}, ${c.status}, ${c.commissionType},
        ${c.commissionValue.toFixed()}, ${c.targetUrl}, ${c.autoApproveAffiliates}, ${c.autoApproveCommissionsAfterDays},
        ${c.isPublic}, ${c.enableRecurringCommissions}, ${c.commissionTiers ? JSON.stringify(tiersToStored(c.commissionTiers)) : null}::jsonb,
        ${c.recurringCommissionMonths}, ${c.attributionWindowDays}, ${c.createdAt}, ${c.updatedAt})
      on conflict (tracking_code) do nothing
      returning id`.execute(currentDb(this.orm));
    return inserted.rows.length > 0 ? 'inserted' : 'tracking_code_taken';
  }

  /** Campaigns are live objects: only the merchant filters them, both modes read them. */
  async findById(tenant: Tenant, id: string): Promise<Campaign | null> {
    const { rows } = await sql<CampaignRow>`select ${sql.raw(campaignColumns('c'))} from campaigns c where c.id = ${id} and c.merchant_id = ${tenant.merchantId}`.execute(
      currentDb(this.orm),
    );
    return rows[0] ? campaignFromRow(rows[0]) : null;
  }
}

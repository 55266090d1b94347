import { sql } from 'kysely';
import type { CampaignRepository } from '../../../application/ports/campaign-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Campaign } from '../../../domain/index.js';
import { campaignColumns, campaignFromRow, tiersToStored, type CampaignRow } from '../mappers/campaign.mapper.js';
import { currentDb, type Orm } from '../orm.js';

export class SqlCampaignRepository implements CampaignRepository {
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

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Campaign | null> {
    const { rows } = await sql<CampaignRow>`
      select ${sql.raw(campaignColumns('c'))} from campaigns c where c.id = ${id} and c.merchant_id = ${tenant.merchantId}
      for update`.execute(currentDb(this.orm));
    return rows[0] ? campaignFromRow(rows[0]) : null;
  }

  async update(c: Campaign): Promise<void> {
    await sql`
      update campaigns set name = ${c.name}, description = ${c.description}, status = ${c.status}, ends_at = ${c.endsAt},
        commission_type = ${c.commissionType}, commission_value = ${c.commissionValue.toFixed()}, target_url = ${c.targetUrl},
        auto_approve_affiliates = ${c.autoApproveAffiliates}, auto_approve_commissions_after_days = ${c.autoApproveCommissionsAfterDays},
        is_public = ${c.isPublic}, enable_recurring_commissions = ${c.enableRecurringCommissions},
        recurring_commission_months = ${c.recurringCommissionMonths}, attribution_window_days = ${c.attributionWindowDays},
        commission_tiers = ${c.commissionTiers ? JSON.stringify(tiersToStored(c.commissionTiers)) : null}::jsonb,
        updated_at = ${c.updatedAt}, version = version + 1
      where id = ${c.id} and merchant_id = ${c.merchantId}`.execute(currentDb(this.orm));
  }

  async claimDueToExpire(now: Date, limit: number): Promise<readonly Campaign[]> {
    const { rows } = await sql<CampaignRow>`
      select ${sql.raw(campaignColumns('c'))} from campaigns c
      where c.ends_at is not null and c.status <> 'expired' and c.ends_at <= ${now}
      order by c.ends_at, c.id
      limit ${limit}
      for update skip locked`.execute(currentDb(this.orm));
    return rows.map(campaignFromRow);
  }
}

import type { CommissionRatesProvider } from '../../../application/ports/commission-rates.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Campaign, type CommissionRates, type VolumeTiers } from '../../../domain/index.js';
import { currentEm, type Orm } from '../orm.js';

interface StoredTiers {
  basis: 'conversions' | 'revenue';
  tiers: { threshold: string; type: 'percentage' | 'fixed'; value: string }[];
}

/** The campaign's own rate and its volume tiers (stored as `campaigns.commission_tiers`). Team rates join with the teams issue. */
export class CampaignCommissionRates implements CommissionRatesProvider {
  constructor(private readonly orm: Orm) {}

  async ratesFor(_tenant: Tenant, campaign: Campaign): Promise<CommissionRates> {
    const [row] = await currentEm(this.orm).execute<{ commission_tiers: StoredTiers | null }[]>(
      'select commission_tiers from campaigns where id = ?',
      [campaign.id],
    );
    const stored = row?.commission_tiers ?? null;
    const campaignTiers: VolumeTiers | null = stored
      ? {
          basis: stored.basis,
          tiers: stored.tiers.map((t) => ({ threshold: new Decimal(t.threshold), type: t.type, value: new Decimal(t.value) })),
        }
      : null;
    return { campaign: { type: campaign.commissionType, value: campaign.commissionValue }, campaignTiers };
  }
}

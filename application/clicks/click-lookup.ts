import { vouchedClick, type ClickCandidate } from '../../domain/index.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { ClickTokens } from '../ports/click-tokens.js';
import type { ProviderCustomers } from '../ports/provider-sales-ledger.js';

/** The click a click id names, in any merchant and mode (the attribution rules check both). */
export interface ClickFinder {
  findClick(clickId: string): Promise<ClickCandidate | null>;
}

/**
 * A signed click id vouches for its click without the click's row (written later in a batch, or lost
 * with a killed process): its claims, with its campaign's attribution window. Any other id (one issued
 * before click ids were signed, an App Store UUID) is looked up as a stored click.
 */
export class ClickLookup implements ClickFinder {
  constructor(
    private readonly tokens: ClickTokens,
    private readonly campaigns: Pick<CampaignRepository, 'findById'>,
    private readonly stored: Pick<ProviderCustomers, 'findClick'>,
  ) {}

  async findClick(clickId: string): Promise<ClickCandidate | null> {
    const token = await this.tokens.read(clickId);
    if (token === null) return this.stored.findClick(clickId);
    const { merchantId, mode, campaignId } = token.claims;
    const campaign = await this.campaigns.findById({ merchantId, mode }, campaignId);
    return campaign ? vouchedClick(token, campaign.attributionWindowDays) : null;
  }
}

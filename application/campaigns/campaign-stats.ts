import { Decimal } from '../../domain/index.js';
import type { CampaignStats } from '../ports/campaign-queries.js';

/** A new campaign: nothing counted yet. */
export const emptyCampaignStats = (): CampaignStats => ({
  conversions: 0,
  revenue: new Decimal(0),
  byCurrency: [],
  affiliateCount: 0,
});

export const CAMPAIGN_SORT_FIELDS = ['createdAt', 'name', 'revenue', 'conversions'] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { CampaignQueries, CampaignView, RecentConversion } from '../ports/campaign-queries.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

export const RECENT_CONVERSIONS = 10;

export interface CampaignDetail extends CampaignView {
  readonly recentConversions: readonly RecentConversion[];
}

/** `GET /campaigns/:id`: another merchant's campaign is not found. */
export class GetCampaign {
  constructor(private readonly queries: CampaignQueries) {}

  async execute(tenant: Tenant, id: string): Promise<Result<CampaignDetail, DomainError>> {
    const [view] = await this.queries.viewsOf(tenant, [id]);
    if (!view) return err(notFound('Campaign'));
    const recentConversions = await this.queries.recentConversions(tenant, id, RECENT_CONVERSIONS);
    return ok({ ...view, recentConversions });
  }
}

import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { CampaignDetailData, CampaignQueries } from '../ports/campaign-queries.js';
import { notFound } from '../shared/errors.js';
import { RECENT_CONVERSIONS } from '../shared/recent-conversions.js';
import type { Tenant } from '../shared/tenant.js';

export type CampaignDetail = CampaignDetailData;

/** `GET /campaigns/:id`: another merchant's campaign is not found. */
export class GetCampaign {
  constructor(private readonly queries: CampaignQueries) {}

  async execute(tenant: Tenant, id: string): Promise<Result<CampaignDetail, DomainError>> {
    const detail = await this.queries.detail(tenant, id, RECENT_CONVERSIONS);
    return detail ? ok(detail) : err(notFound('Campaign'));
  }
}

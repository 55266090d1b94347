import { conversionRate, percentChange } from '../../domain/index.js';
import type { CampaignDay, CampaignPerformanceQueries, CampaignTopAffiliate } from '../ports/campaign-performance.js';
import type { Tenant } from '../shared/tenant.js';

const DAY = 86_400_000;
/** A chart of more days than this shows its last days only (a year and a day covers any preset). */
const MAX_DAYS = 366;
const TOP = 10;

export interface CampaignPerformance {
  /** Every UTC day of the period (oldest first, at most a year), zeros included. */
  readonly days: readonly CampaignDay[];
  readonly clicks: number;
  readonly conversions: number;
  /** Percent, one decimal; null without clicks. */
  readonly conversionRate: number | null;
  /** The period of equal length just before, and each figure's change against it (null: nothing to compare with). */
  readonly previous: { readonly from: Date; readonly to: Date; readonly clicks: number; readonly conversions: number };
  readonly clicksChange: number | null;
  readonly conversionsChange: number | null;
  readonly topAffiliates: readonly CampaignTopAffiliate[];
}

/** A campaign's page: clicks and conversions per day over `[from, to)`, against the period before, and its best affiliates. */
export class GetCampaignPerformance {
  constructor(private readonly queries: CampaignPerformanceQueries) {}

  async execute(tenant: Tenant, campaignId: string, from: Date, to: Date): Promise<CampaignPerformance> {
    const length = to.getTime() - from.getTime();
    const previousFrom = new Date(from.getTime() - length);
    const [days, current, previous, topAffiliates] = await Promise.all([
      this.queries.days(tenant, campaignId, from, to),
      this.queries.totals(tenant, campaignId, from, to),
      this.queries.totals(tenant, campaignId, previousFrom, from),
      this.queries.topAffiliates(tenant, campaignId, from, to, TOP),
    ]);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const count = Math.min(MAX_DAYS, Math.max(1, Math.ceil(length / DAY)));
    const start = to.getTime() - count * DAY;
    const filled = Array.from({ length: count }, (_, i) => {
      const day = new Date(start + i * DAY).toISOString().slice(0, 10);
      return byDay.get(day) ?? { day, clicks: 0, conversions: 0 };
    });
    return {
      days: filled,
      clicks: current.clicks,
      conversions: current.conversions,
      conversionRate: conversionRate(current.conversions, current.clicks),
      previous: { from: previousFrom, to: from, ...previous },
      clicksChange: percentChange(current.clicks, previous.clicks),
      conversionsChange: percentChange(current.conversions, previous.conversions),
      topAffiliates,
    };
  }
}

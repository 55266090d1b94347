import { describe, expect, it } from 'vitest';
import { ListCampaigns } from '../../application/campaigns/list-campaigns.js';
import type { CampaignQueries, CampaignRevenue, CampaignView } from '../../application/ports/campaign-queries.js';
import type { ExchangeRates } from '../../application/ports/exchange-rates.js';
import { Decimal, type Campaign, type CurrencyCode } from '../../domain/index.js';

const tenant = { merchantId: 'm1', mode: 'live' as const };
const usd = 'usd' as CurrencyCode;
const eur = 'eur' as CurrencyCode;

/** In-memory campaign reads: revenue per campaign, views that echo the id. */
class FakeCampaignQueries implements CampaignQueries {
  readonly viewed: string[][] = [];
  constructor(private readonly revenues: CampaignRevenue[]) {}
  async listPage(): Promise<never> {
    throw new Error('not used for revenue sort');
  }
  async revenueOfAll() {
    return this.revenues;
  }
  async viewsOf(_tenant: unknown, ids: readonly string[]) {
    this.viewed.push([...ids]);
    return ids.map((id) => ({ campaign: { id } as Campaign, stats: {} as CampaignView['stats'] }));
  }
  async detail() {
    return null;
  }
}

class FixedRates implements ExchangeRates {
  readonly days: string[] = [];
  async tableFor(day: string) {
    this.days.push(day);
    return { day, usdPerUnit: new Map([[usd, new Decimal(1)], [eur, new Decimal(2)]]) };
  }
  async store() {}
  async history() {
    return [];
  }
  async storeFromFeed() {
    return 0;
  }
}

const revenue = (id: string, createdAt: number, totals: [CurrencyCode, string][]): CampaignRevenue => ({
  id,
  createdAt: new Date(createdAt),
  revenueByCurrency: totals.map(([currency, amount]) => ({ currency, amount: new Decimal(amount) })),
});

describe('ListCampaigns sorted by revenue', () => {
  const clock = { now: () => new Date('2026-11-22T10:00:00Z') };
  const campaigns = [
    revenue('a', 1, [[usd, '100']]), // 100
    revenue('b', 2, [[eur, '60']]), // 120
    revenue('c', 3, [[usd, '50'], [eur, '25']]), // 100, newer than a
    revenue('d', 4, []), // 0
  ];

  it("ranks by revenue converted at the clock's day and pages the ranking", async () => {
    const queries = new FakeCampaignQueries(campaigns);
    const rates = new FixedRates();
    const list = new ListCampaigns(queries, rates, clock);
    const page1 = await list.execute(tenant, { page: 1, limit: 3 }, { field: 'revenue', direction: 'desc' });
    expect(page1.items.map((v) => v.campaign.id)).toEqual(['b', 'c', 'a']);
    expect(page1.total).toBe(4);
    expect(rates.days).toEqual(['2026-11-22']);
    const page2 = await list.execute(tenant, { page: 2, limit: 3 }, { field: 'revenue', direction: 'desc' });
    expect(page2.items.map((v) => v.campaign.id)).toEqual(['d']);
    const asc = await list.execute(tenant, { page: 1, limit: 10 }, { field: 'revenue', direction: 'asc' });
    // Equal converted revenue keeps the default order (newest first) in both directions.
    expect(asc.items.map((v) => v.campaign.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});

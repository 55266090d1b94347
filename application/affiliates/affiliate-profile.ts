import { Decimal, isOpenPayout, type Conversion, type CurrencyCode, type DomainError, type Merchant } from '../../domain/index.js';
import { err, ok, type Result } from 'neverthrow';
import type { AffiliateQueries } from '../ports/affiliate-queries.js';
import type { ConversionQueries } from '../ports/conversion-queries.js';
import type { CouponQueries, CouponView } from '../ports/coupon-repository.js';
import type { ListedPayout, PayoutQueries } from '../ports/payout-queries.js';
import type { Tenant } from '../shared/tenant.js';
import type { AffiliateDetail, GetAffiliate } from './get-affiliate.js';
import type { TrackingLinks } from './tracking-links.js';

/** Sums per currency (never converted) and per status. */
export interface CommissionTotal {
  readonly status: Conversion['status'];
  readonly currency: CurrencyCode;
  readonly commission: Decimal;
  readonly conversions: number;
}

export interface MonthFigures {
  /** `YYYY-MM` (UTC). */
  readonly month: string;
  readonly conversions: number;
}

/** Everything the merchant's page about one affiliate shows, in the tenant's mode. */
export interface AffiliateProfile {
  readonly detail: AffiliateDetail;
  /** The tracking link of each approved membership. */
  readonly links: readonly { readonly campaignId: string; readonly campaignName: string; readonly link: string }[];
  readonly coupons: readonly CouponView[];
  readonly commissions: readonly CommissionTotal[];
  /** Conversions by month, oldest first, the last 12 months with any. */
  readonly months: readonly MonthFigures[];
  /** Payouts not yet paid, summed per currency. */
  readonly owed: readonly { readonly currency: CurrencyCode; readonly amount: Decimal }[];
  /** The newest payouts (up to 20). */
  readonly payouts: readonly ListedPayout[];
}

const READ = 500;
const COUPONS = 50;
const PAYOUTS = 100;

/** An affiliate's page at the merchant: its detail, links, coupons, commissions by status, conversions over time, what is owed and the payouts. */
export class GetAffiliateProfile {
  constructor(
    private readonly getAffiliate: GetAffiliate,
    private readonly affiliates: AffiliateQueries,
    private readonly links: TrackingLinks,
    private readonly coupons: CouponQueries,
    private readonly conversions: ConversionQueries,
    private readonly payouts: PayoutQueries,
  ) {}

  async execute(tenant: Tenant, merchant: Pick<Merchant, 'plan' | 'customDomain'>, affiliateId: string): Promise<Result<AffiliateProfile, DomainError>> {
    const found = await this.getAffiliate.execute(tenant, affiliateId);
    if (found.isErr()) return err(found.error);
    const detail = found.value;
    const approved = detail.campaigns.filter((m) => m.status === 'approved');
    const [rows, coupons, payouts, tally] = await Promise.all([
      Promise.all(approved.map((m) => this.affiliates.row(tenant, affiliateId, m.campaignId))),
      this.coupons.list(tenant, { affiliateId }, { page: 1, limit: COUPONS }),
      this.payouts.list(tenant, { affiliateId }, { page: 1, limit: PAYOUTS }),
      this.tally(tenant, affiliateId),
    ]);
    const owed = new Map<CurrencyCode, Decimal>();
    for (const p of payouts.items) if (isOpenPayout(p.status)) owed.set(p.currency, (owed.get(p.currency) ?? new Decimal(0)).plus(p.amount));
    return ok({
      detail,
      links: rows.flatMap((r) => (r ? [{ campaignId: r.campaignId, campaignName: r.campaignName, link: this.links.for(merchant, r.campaignTrackingCode, r.affiliate.refCode) }] : [])),
      coupons: coupons.items,
      commissions: tally.commissions,
      months: tally.months,
      owed: [...owed].map(([currency, amount]) => ({ currency, amount })),
      payouts: payouts.items.slice(0, 20),
    });
  }

  /** One pass over the affiliate's conversions, a page at a time after the last one read. */
  private async tally(tenant: Tenant, affiliateId: string) {
    const byStatus = new Map<string, CommissionTotal>();
    const byMonth = new Map<string, number>();
    let after: Conversion | null = null;
    for (;;) {
      const page = await this.conversions.browse(tenant, { affiliateId, after: after ? { createdAt: after.createdAt, id: after.id } : undefined }, { page: 1, limit: READ });
      for (const c of page.items) {
        const key = `${c.status}:${c.currency}`;
        const was = byStatus.get(key);
        byStatus.set(key, { status: c.status, currency: c.currency, commission: (was?.commission ?? new Decimal(0)).plus(c.commission), conversions: (was?.conversions ?? 0) + 1 });
        const month = c.createdAt.toISOString().slice(0, 7);
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
      }
      if (!page.hasMore || page.items.length === 0) break;
      after = page.items[page.items.length - 1]!;
    }
    return {
      commissions: [...byStatus.values()].sort((a, b) => a.currency.localeCompare(b.currency) || a.status.localeCompare(b.status)),
      months: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).slice(-12).map(([month, conversions]) => ({ month, conversions })),
    };
  }
}

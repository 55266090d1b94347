import { err, ok, type Result } from 'neverthrow';
import { money, sumAsRecorded, type DomainError } from '../../domain/index.js';
import type { AffiliateDetailData, AffiliateQueries } from '../ports/affiliate-queries.js';
import type { ClawbackTotal, ClawbackTotals } from '../ports/commission-adjustments.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

export interface AffiliateDetail extends AffiliateDetailData {
  readonly earnings: {
    /** Totals add all currencies as recorded (spec rule 5); `byCurrency` keeps them apart. */
    readonly totalRevenue: ReturnType<typeof sumAsRecorded>;
    readonly totalCommissions: ReturnType<typeof sumAsRecorded>;
    readonly totalConversions: number;
    readonly uniqueClicks: number;
    readonly byCurrency: AffiliateDetailData['byCurrency'];
    /** Commission taken back by refunds of paid sales, per currency, and what is still owed. */
    readonly clawbacks: readonly ClawbackTotal[];
  };
}

/** `GET /affiliates/:id`: visible when the affiliate has a membership with the merchant in the key's mode. */
export class GetAffiliate {
  constructor(
    private readonly queries: AffiliateQueries,
    private readonly clawbacks: ClawbackTotals | null = null,
  ) {}

  async execute(tenant: Tenant, id: string): Promise<Result<AffiliateDetail, DomainError>> {
    const data = await this.queries.detail(tenant, id);
    if (!data) return err(notFound('Affiliate'));
    return ok({
      ...data,
      earnings: {
        totalRevenue: sumAsRecorded(data.byCurrency.map((c) => money(c.revenue, c.currency))),
        totalCommissions: sumAsRecorded(data.byCurrency.map((c) => money(c.commissions, c.currency))),
        totalConversions: data.byCurrency.reduce((n, c) => n + c.conversions, 0),
        uniqueClicks: data.uniqueClicks,
        byCurrency: data.byCurrency,
        clawbacks: this.clawbacks ? await this.clawbacks.totals(tenant, id) : [],
      },
    });
  }
}

import { sql } from 'kysely';
import type { ClawbackTotal, ClawbackTotals, CommissionAdjustments } from '../../../../application/ports/commission-adjustments.js';
import type { PayoutAdjustments } from '../../../../application/ports/payout-adjustments.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import { Decimal, type CommissionAdjustment, type CurrencyCode, type Mode } from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import type { Row } from '../../schema/index.js';

type AdjustmentRow = Row<'commission_adjustments'>;

const COLUMNS = sql.raw('id, merchant_id, mode, affiliate_id, conversion_id, currency, amount::text, refunded_sale::text, created_at');

const fromRow = (r: AdjustmentRow): CommissionAdjustment => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  affiliateId: r.affiliate_id,
  conversionId: r.conversion_id,
  currency: r.currency as CurrencyCode,
  amount: new Decimal(r.amount),
  refundedSale: new Decimal(r.refunded_sale),
  createdAt: new Date(r.created_at),
});

/**
 * Clawbacks: written by refunds of paid sales, read by payments. What an affiliate owes in a currency
 * is every clawback less what payments that did not fail netted already.
 */
export class SqlCommissionAdjustments implements CommissionAdjustments, PayoutAdjustments, ClawbackTotals {
  constructor(private readonly orm: Orm) {}

  async insert(a: CommissionAdjustment): Promise<void> {
    await sql`insert into commission_adjustments (id, merchant_id, mode, affiliate_id, conversion_id, currency, amount, refunded_sale, created_at)
      values (${a.id}, ${a.merchantId}, ${a.mode}, ${a.affiliateId}, ${a.conversionId}, ${a.currency}, ${a.amount.toFixed()},
        ${a.refundedSale.toFixed()}, ${a.createdAt})`.execute(currentDb(this.orm));
  }

  async refundedAfterPayout(conversionId: string): Promise<Decimal> {
    const { rows } = await sql<{ total: string | null }>`select sum(refunded_sale)::text as total from commission_adjustments
      where conversion_id = ${conversionId}`.execute(currentDb(this.orm));
    return new Decimal(rows[0]?.total ?? 0);
  }

  async owed(tenant: Tenant, affiliateId: string, currency: CurrencyCode): Promise<Decimal> {
    const { rows } = await sql<{ owed: string }>`select greatest(0,
        coalesce((select sum(amount) from commission_adjustments
          where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId} and currency = ${currency}), 0)
        - coalesce((select sum(clawback) from payout_payments
          where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId} and currency = ${currency}
            and status <> 'failed'), 0))::text as owed`.execute(currentDb(this.orm));
    return new Decimal(rows[0]?.owed ?? 0);
  }

  async totals(tenant: Tenant, affiliateId: string): Promise<readonly ClawbackTotal[]> {
    const { rows } = await sql<{ currency: string; clawed_back: string; netted: string }>`
      select a.currency, sum(a.amount)::text as clawed_back,
        coalesce((select sum(p.clawback) from payout_payments p
          where p.merchant_id = ${tenant.merchantId} and p.mode = ${tenant.mode} and p.affiliate_id = ${affiliateId}
            and p.currency = a.currency and p.status <> 'failed'), 0)::text as netted
      from commission_adjustments a
      where a.merchant_id = ${tenant.merchantId} and a.mode = ${tenant.mode} and a.affiliate_id = ${affiliateId}
      group by a.currency order by a.currency`.execute(currentDb(this.orm));
    return rows.map((r) => {
      const clawedBack = new Decimal(r.clawed_back);
      return { currency: r.currency as CurrencyCode, clawedBack, owed: Decimal.max(0, clawedBack.minus(r.netted)) };
    });
  }

  async listForAffiliate(tenant: Tenant, affiliateId: string): Promise<readonly CommissionAdjustment[]> {
    const { rows } = await sql<AdjustmentRow>`select ${COLUMNS} from commission_adjustments
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}
      order by created_at desc, id desc`.execute(currentDb(this.orm));
    return rows.map(fromRow);
  }
}

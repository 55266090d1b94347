import { sql, type RawBuilder } from 'kysely';
import type { TaxPayoutHolds } from '../../../application/ports/tax-payout-holds.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode, type DatedAmount, type TaxDetailsRequirement } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

/** `tax_settings`, the completed `payout_payments` of a year, and the `payouts` rows held for tax details. */
export class SqlTaxPayoutHolds implements TaxPayoutHolds {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async requirement(tenant: Tenant): Promise<TaxDetailsRequirement> {
    const [row] = await this.exec(sql<Row<'tax_settings'>>`select * from tax_settings where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    if (!row || row.requirement === 'off') return { kind: 'off' };
    if (row.requirement === 'always') return { kind: 'always' };
    return {
      kind: 'above_yearly_total',
      threshold: row.threshold === null || row.threshold_currency === null ? null : { amount: new Decimal(row.threshold), currency: row.threshold_currency as CurrencyCode },
    };
  }

  async saveRequirement(tenant: Tenant, requirement: TaxDetailsRequirement, now: Date): Promise<void> {
    const threshold = requirement.kind === 'above_yearly_total' ? requirement.threshold : null;
    await this.exec(sql`insert into tax_settings (merchant_id, mode, requirement, threshold, threshold_currency, updated_at)
      values (${tenant.merchantId}, ${tenant.mode}, ${requirement.kind}, ${threshold?.amount.toString() ?? null}, ${threshold?.currency ?? null}, ${now})
      on conflict (merchant_id, mode) do update set requirement = excluded.requirement, threshold = excluded.threshold,
        threshold_currency = excluded.threshold_currency, updated_at = excluded.updated_at`);
  }

  async paidInYear(tenant: Tenant, affiliateId: string, year: number): Promise<readonly DatedAmount[]> {
    const from = new Date(Date.UTC(year, 0, 1));
    const to = new Date(Date.UTC(year + 1, 0, 1));
    // A completed payment is not changed again: its last change is the day it was paid.
    const rows = await this.exec(sql<{ amount: string; currency: string; day: string }>`select amount, currency,
        to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day
      from payout_payments where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}
        and status = 'completed' and updated_at >= ${from} and updated_at < ${to}`);
    return rows.map((r) => ({ amount: new Decimal(r.amount), currency: r.currency as CurrencyCode, day: r.day }));
  }

  async yearPayments(tenant: Tenant, year: number): Promise<readonly (DatedAmount & { readonly affiliateId: string })[]> {
    const rows = await this.exec(sql<{ affiliate_id: string; amount: string; currency: string; day: string }>`select affiliate_id, amount, currency,
        to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day
      from payout_payments where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and status = 'completed'
        and updated_at >= ${new Date(Date.UTC(year, 0, 1))} and updated_at < ${new Date(Date.UTC(year + 1, 0, 1))}
      order by affiliate_id, updated_at`);
    return rows.map((r) => ({ affiliateId: r.affiliate_id, amount: new Decimal(r.amount), currency: r.currency as CurrencyCode, day: r.day }));
  }

  async heldCount(merchantId: string, affiliateId: string, reason: string): Promise<number> {
    const [row] = await this.exec(sql<{ n: number }>`select count(*)::int as n from payouts
      where merchant_id = ${merchantId} and affiliate_id = ${affiliateId} and status = 'scheduled' and failure_reason = ${reason}`);
    return row?.n ?? 0;
  }

  async releaseHeld(merchantId: string, affiliateId: string, reason: string, now: Date): Promise<number> {
    const rows = await this.exec(sql<{ id: string }>`update payouts set scheduled_date = ${now}, updated_at = ${now}, version = version + 1
      where merchant_id = ${merchantId} and affiliate_id = ${affiliateId} and status = 'scheduled' and failure_reason = ${reason} and scheduled_date > ${now}
      returning id`);
    return rows.length;
  }
}

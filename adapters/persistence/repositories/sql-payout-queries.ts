import { sql, type RawBuilder } from 'kysely';
import type { ManualAwardRow, ManualPayoutRow } from '../../../application/ports/manual-payment-queries.js';
import type { ListedPayout, PayoutFilter, PayoutQueries } from '../../../application/ports/payout-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, MANUALLY_PAYABLE_PAYOUT_STATUSES, type CurrencyCode, type PayoutMethod } from '../../../domain/index.js';
import { PAYOUT_COLUMNS, payoutFromRow, type PayoutRow } from '../mappers/payout.mapper.js';
import { AWARD_COLUMNS, awardFromRow, type AwardRow } from '../mappers/team.mapper.js';
import { currentDb, type Orm } from '../orm.js';

const SELECT = sql.raw(PAYOUT_COLUMNS.map((c) => `p.${c}`).join(', '));

/** `GET /payouts` in plain SQL on the tenant index, newest first (the count rides along as a window function); and the manual path's reads. */
export class SqlPayoutQueries implements PayoutQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filter: PayoutFilter, page: PageRequest): Promise<Page<ListedPayout>> {
    const where: RawBuilder<unknown>[] = [sql`p.merchant_id = ${tenant.merchantId}`, sql`p.mode = ${tenant.mode}`];
    if (filter.status) where.push(sql`p.status = ${filter.status}`);
    if (filter.affiliateId) where.push(sql`p.affiliate_id = ${filter.affiliateId}`);
    if (filter.conversionId) where.push(sql`p.conversion_id = ${filter.conversionId}`);
    if (filter.ids) {
      if (filter.ids.length === 0) return { items: [], total: 0, page: page.page, limit: page.limit };
      where.push(sql`p.id in (${sql.join(filter.ids)})`);
    }
    if (filter.from) where.push(sql`p.scheduled_date >= ${filter.from}`);
    if (filter.to) where.push(sql`p.scheduled_date < ${filter.to}`);
    const conditions = sql.join(where, sql` and `);
    const { rows } = await sql<PayoutRow & { total: string; pay_gross: string | null; pay_bonus: string | null; pay_clawback: string | null; pay_amount: string | null }>`
      select ${SELECT}, count(*) over () as total,
         pp.gross::text as pay_gross, pp.bonus::text as pay_bonus, pp.clawback::text as pay_clawback, pp.amount::text as pay_amount
       from payouts p left join payout_payments pp on pp.id = p.payment_id
       where ${conditions}
       order by p.created_at desc, p.id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(currentDb(this.orm));
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const {
        rows: [count],
      } = await sql<{ n: string }>`select count(*) as n from payouts p where ${conditions}`.execute(currentDb(this.orm));
      total = Number(count?.n ?? 0);
    }
    const items = rows.map((r): ListedPayout => ({
      ...payoutFromRow(r),
      payment:
        r.payment_id && r.pay_gross !== null
          ? { id: r.payment_id, gross: new Decimal(r.pay_gross), bonus: new Decimal(r.pay_bonus ?? 0), clawback: new Decimal(r.pay_clawback ?? 0), amount: new Decimal(r.pay_amount ?? 0) }
          : null,
    }));
    return { items, total, page: page.page, limit: page.limit };
  }

  async dueForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualPayoutRow[]> {
    const { rows } = await sql<PayoutRow & { a_name: string; a_email: string; a_payout_email: string | null }>`
      select ${SELECT}, a.name as a_name, a.email as a_email, a.payout_email as a_payout_email
       from payouts p join affiliates a on a.id = p.affiliate_id
       where p.merchant_id = ${tenant.merchantId} and p.mode = ${tenant.mode} and p.currency = ${currency} and a.payout_method = ${method}
         and p.status = any(${[...MANUALLY_PAYABLE_PAYOUT_STATUSES]})
       order by a.name, p.affiliate_id, p.id`.execute(currentDb(this.orm));
    return rows.map((r) => ({ payout: payoutFromRow(r), affiliateName: r.a_name, affiliateEmail: r.a_email, payoutEmail: r.a_payout_email }));
  }

  async dueAwardsForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualAwardRow[]> {
    const { rows } = await sql<AwardRow & { a_name: string; a_email: string; a_payout_email: string | null }>`
      select ${sql.raw(AWARD_COLUMNS('w'))}, a.name as a_name, a.email as a_email, a.payout_email as a_payout_email
       from team_awards w join affiliates a on a.id = w.affiliate_id
       where w.merchant_id = ${tenant.merchantId} and w.mode = ${tenant.mode} and w.currency = ${currency} and a.payout_method = ${method}
         and w.status in ('approved', 'failed')
       order by a.name, w.affiliate_id, w.id`.execute(currentDb(this.orm));
    return rows.map((r) => ({ award: awardFromRow(r), affiliateName: r.a_name, affiliateEmail: r.a_email, payoutEmail: r.a_payout_email }));
  }

  async payoutMethodOf(tenant: Tenant, affiliateId: string): Promise<PayoutMethod | null> {
    const {
      rows: [row],
    } = await sql<{ payout_method: string | null }>`select a.payout_method from affiliates a
       where a.id = ${affiliateId}
         and exists (select 1 from affiliate_memberships m where m.affiliate_id = a.id and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode})`.execute(
      currentDb(this.orm),
    );
    return (row?.payout_method ?? null) as PayoutMethod | null;
  }
}

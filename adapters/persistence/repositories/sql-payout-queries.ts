import type { ListedPayout, ManualPayoutRow, PayoutFilter, PayoutQueries } from '../../../application/ports/payout-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode, type PayoutMethod } from '../../../domain/index.js';
import { PAYOUT_COLUMNS, payoutFromRow, type PayoutRow } from '../mappers/payout.mapper.js';
import { currentEm, type Orm } from '../orm.js';

const SELECT = PAYOUT_COLUMNS.map((c) => `p.${c}`).join(', ');

/** `GET /payouts` in plain SQL on the tenant index, newest first; the count rides along as a window function. */
export class SqlPayoutQueries implements PayoutQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filter: PayoutFilter, page: PageRequest): Promise<Page<ListedPayout>> {
    const where = ['p.merchant_id = ?', 'p.mode = ?'];
    const params: unknown[] = [tenant.merchantId, tenant.mode];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filter.status) add('p.status = ?', filter.status);
    if (filter.affiliateId) add('p.affiliate_id = ?', filter.affiliateId);
    if (filter.conversionId) add('p.conversion_id = ?', filter.conversionId);
    if (filter.ids) {
      if (filter.ids.length === 0) return { items: [], total: 0, page: page.page, limit: page.limit };
      where.push(`p.id in (${filter.ids.map(() => '?').join(', ')})`);
      params.push(...filter.ids);
    }
    if (filter.from) add('p.scheduled_date >= ?', filter.from);
    if (filter.to) add('p.scheduled_date < ?', filter.to);
    const rows = await currentEm(this.orm).execute<(PayoutRow & { total: string; pay_gross: string | null; pay_clawback: string | null; pay_amount: string | null })[]>(
      `select ${SELECT}, count(*) over () as total,
         pp.gross::text as pay_gross, pp.clawback::text as pay_clawback, pp.amount::text as pay_amount
       from payouts p left join payout_payments pp on pp.id = p.payment_id
       where ${where.join(' and ')}
       order by p.created_at desc, p.id desc limit ? offset ?`,
      [...params, page.limit, offsetOf(page)],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const [count] = await currentEm(this.orm).execute<{ n: string }[]>(`select count(*) as n from payouts p where ${where.join(' and ')}`, params);
      total = Number(count?.n ?? 0);
    }
    const items = rows.map((r): ListedPayout => ({
      ...payoutFromRow(r),
      payment:
        r.payment_id && r.pay_gross !== null
          ? { id: r.payment_id, gross: new Decimal(r.pay_gross), clawback: new Decimal(r.pay_clawback ?? 0), amount: new Decimal(r.pay_amount ?? 0) }
          : null,
    }));
    return { items, total, page: page.page, limit: page.limit };
  }

  async dueForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualPayoutRow[]> {
    const rows = await currentEm(this.orm).execute<(PayoutRow & { a_name: string; a_email: string; a_payout_email: string | null })[]>(
      `select ${SELECT}, a.name as a_name, a.email as a_email, a.payout_email as a_payout_email
       from payouts p join affiliates a on a.id = p.affiliate_id
       where p.merchant_id = ? and p.mode = ? and p.currency = ? and a.payout_method = ?
         and p.status in ('scheduled', 'awaiting_funds', 'failed')
       order by a.name, p.affiliate_id, p.id`,
      [tenant.merchantId, tenant.mode, currency, method],
    );
    return rows.map((r) => ({ payout: payoutFromRow(r), affiliateName: r.a_name, affiliateEmail: r.a_email, payoutEmail: r.a_payout_email }));
  }

  async payoutMethodOf(tenant: Tenant, affiliateId: string): Promise<PayoutMethod | null> {
    const [row] = await currentEm(this.orm).execute<{ payout_method: string | null }[]>(
      `select a.payout_method from affiliates a
       where a.id = ? and exists (select 1 from affiliate_memberships m where m.affiliate_id = a.id and m.merchant_id = ? and m.mode = ?)`,
      [affiliateId, tenant.merchantId, tenant.mode],
    );
    return (row?.payout_method ?? null) as PayoutMethod | null;
  }
}

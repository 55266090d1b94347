import { sql } from 'kysely';
import type { RiskFacts, SaleClickFacts, SaleClickQuery } from '../../../application/ports/risk-facts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { PayoutIdentity, RefundHistory } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import { clickRowIdOf, saleClickFromRow, saleClickSql, saleClickValues, type SaleClickRow } from './sale-click.sql.js';
import { runNamedRead } from '../named-statement.js';

/** The sale click read on its own (the sale context read asks it along when it can). */
const SALE_CLICK = saleClickSql({ merchant: 1, mode: 2, rowId: 3, affiliate: 4, footprints: 5, clicksSince: 6, clicksLimit: 7, salesSince: 8, salesLimit: 9 });

/** What risk signals read of clicks, portal sessions and sales; a click not (yet) written reads as null. */
export class SqlRiskFacts implements RiskFacts {
  constructor(private readonly orm: Orm) {}

  async saleClick(tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null> {
    const rowId = clickRowIdOf(query.clickId);
    if (rowId === null) return null;
    const values = [tenant.merchantId, tenant.mode, rowId, query.affiliateId, ...saleClickValues(query)];
    // By name (planned once per connection, its partitions pruned when it runs), on a read lane or inside
    // a caller's transaction on its connection (`runNamedRead`).
    const [row] = await runNamedRead<SaleClickRow>(this.orm, 'risk_sale_click', SALE_CLICK, values);
    return row ? saleClickFromRow(row) : null;
  }

  async scriptSaleOfClick(tenant: Tenant, clickId: string): Promise<string | null> {
    const {
      rows: [row],
    } = await sql<{ id: string }>`select id from conversions
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and click_id = ${clickId} and source = 'tracking_script'
       limit 1`.execute(currentDb(this.orm));
    return row?.id ?? null;
  }

  async payoutIdentities(tenant: Tenant, affiliateId: string): Promise<{ own: PayoutIdentity; sharing: readonly PayoutIdentity[] }> {
    const db = currentDb(this.orm);
    const {
      rows: [mine],
    } = await sql<{ payout_email: string | null; account_id: string | null }>`
      select a.payout_email, (select ca.account_id from affiliate_connected_accounts ca
          where ca.merchant_id = ${tenant.merchantId} and ca.mode = ${tenant.mode} and ca.affiliate_id = a.id) as account_id
        from affiliates a where a.id = ${affiliateId}`.execute(db);
    const own = { affiliateId, payoutEmail: mine?.payout_email ?? null, connectedAccountId: mine?.account_id ?? null };
    if (own.payoutEmail === null && own.connectedAccountId === null) return { own, sharing: [] };
    const { rows } = await sql<{ id: string; payout_email: string | null; account_id: string | null }>`
      select distinct a.id, a.payout_email, ca.account_id from affiliates a
        join affiliate_memberships m on m.affiliate_id = a.id and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode}
        left join affiliate_connected_accounts ca on ca.affiliate_id = a.id and ca.merchant_id = ${tenant.merchantId} and ca.mode = ${tenant.mode}
       where a.id <> ${affiliateId}
         and (lower(a.payout_email) = lower(${own.payoutEmail}) or ca.account_id = ${own.connectedAccountId})
       limit 20`.execute(db);
    return { own, sharing: rows.map((r) => ({ affiliateId: r.id, payoutEmail: r.payout_email, connectedAccountId: r.account_id })) };
  }

  async refundHistory(tenant: Tenant, affiliateId: string, since: Date): Promise<RefundHistory> {
    const { rows } = await sql<{ id: string; refunded: boolean }>`select id, (status = 'refunded' or refunded_amount is not null) as refunded from conversions
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId} and created_at >= ${since}`.execute(currentDb(this.orm));
    return { affiliateId, conversions: rows.length, refundedIds: rows.filter((r) => r.refunded).map((r) => r.id) };
  }
}

import { sql } from 'kysely';
import type { RiskFacts, SaleClickFacts, SaleClickQuery } from '../../../application/ports/risk-facts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { PayoutIdentity, RefundHistory } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { currentDb, inTransaction, type Orm } from '../orm.js';
import { clickRowIdSql } from './click-row-id.sql.js';
import { runNamed } from '../named-statement.js';
import { runSql } from '../run-sql.js';

/** The most recent clicks of one visitor whose sales are looked at: a busy visitor is flagged long before. */
const VISITOR_CLICKS_READ = 1000;

interface SaleClickRow {
  id: string;
  visitor_hash: string;
  address_hash: string | null;
  landing_url: string | null;
  referrer: string | null;
  created_at: Date;
  footprints: [string, string | null, string | null][] | null;
  visitor_clicks: string[] | null;
  visitor_sales: string[] | null;
}

/**
 * The click, then each part asked for of the click's visitor (an unasked part is null and costs
 * nothing). The visitor's sales are looked up click by click from the visitor's recent clicks (visitor
 * index) through the expression index on the click row a sale names (the lateral limit keeps the
 * planner from walking the merchant's recent sales instead), so the read does not grow with the
 * merchant's sales. Parameters: merchant, mode, click row id, footprints?, affiliate, clicks since,
 * clicks limit, sales since, sales limit.
 */
const SALE_CLICK = `with k as (
    select id, visitor_hash, address_hash, landing_url, referrer, created_at from clicks
     where id = $3 and merchant_id = $1 and mode = $2)
  select k.*,
    case when $4::boolean then (
      select coalesce(json_agg(json_build_array(s.id_hash, s.visitor_hash, s.address_hash)), '[]'::json) from (
        select id_hash, visitor_hash, address_hash from web_sessions
         where subject_kind = 'affiliate' and subject_id = $5 and merchant_id = $1
           and (visitor_hash is not null or address_hash is not null)
         order by created_at desc limit 20) s) end as footprints,
    case when $6::timestamptz is not null then array(
      select v.id from clicks v
       where v.merchant_id = $1 and v.mode = $2 and v.visitor_hash = k.visitor_hash and v.created_at >= $6
       order by v.created_at desc limit $7) end as visitor_clicks,
    case when $8::timestamptz is not null then array(
      select s.id from (
        select v.id from clicks v
         where v.merchant_id = $1 and v.mode = $2 and v.visitor_hash = k.visitor_hash and v.created_at >= $8
         order by v.created_at desc limit ${VISITOR_CLICKS_READ}) v
      cross join lateral (
        select c.id, c.created_at from conversions c
         where c.merchant_id = $1 and c.mode = $2 and c.click_id is not null and ${clickRowIdSql('c.click_id')} = v.id and c.created_at >= $8
         limit $9) s
      order by s.created_at desc limit $9) end as visitor_sales
  from k`;

/** What risk signals read of clicks, portal sessions and sales; a click not (yet) written reads as null. */
export class SqlRiskFacts implements RiskFacts {
  constructor(private readonly orm: Orm) {}

  async saleClick(tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null> {
    // A signed click id starts with its row's uuid; an older id is the uuid. Anything else (a made-up
    // id, an external tracker's) has no row to read.
    const { clickId } = query;
    const rowId = clickId.slice(0, 36);
    if (!isUuid(rowId) || (clickId.length > 36 && clickId[36] !== '_')) return null;
    const values = [
      tenant.merchantId,
      tenant.mode,
      rowId,
      query.footprints,
      query.affiliateId,
      query.visitorClicks?.since ?? null,
      query.visitorClicks?.limit ?? 0,
      query.visitorSales?.since ?? null,
      query.visitorSales?.limit ?? 0,
    ];
    // By name on the pool (planned once per connection, its partitions pruned when it runs); inside a
    // caller's transaction on its connection.
    const [row] = inTransaction(this.orm)
      ? await runSql<SaleClickRow>(currentDb(this.orm), SALE_CLICK, values)
      : await runNamed<SaleClickRow>(this.orm, 'risk_sale_click', SALE_CLICK, values);
    if (!row) return null;
    return {
      click: { id: row.id, visitorHash: row.visitor_hash, addressHash: row.address_hash, landingUrl: row.landing_url, referrer: row.referrer, createdAt: new Date(row.created_at) },
      // The session's hashed id names it in the evidence (never the cookie itself).
      footprints: (row.footprints ?? []).map(([idHash, visitorHash, addressHash]) => ({ id: `session:${idHash.slice(0, 12)}`, visitorHash, addressHash })),
      visitorClicks: row.visitor_clicks ?? [],
      visitorSales: row.visitor_sales ?? [],
    };
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

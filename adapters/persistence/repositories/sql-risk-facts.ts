import { sql } from 'kysely';
import type { RiskFacts, SaleClickFacts, SaleClickQuery } from '../../../application/ports/risk-facts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { PayoutIdentity, RefundHistory } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { currentDb, type Orm } from '../orm.js';
import { clickRowIdOf } from './click-row-id.sql.js';

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

/** What risk signals read of clicks, portal sessions and sales; a click not (yet) written reads as null. */
export class SqlRiskFacts implements RiskFacts {
  constructor(private readonly orm: Orm) {}

  async saleClick(tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null> {
    // A signed click id starts with its row's uuid; an older id is the uuid. Anything else (a made-up
    // id, an external tracker's) has no row to read.
    const { clickId } = query;
    const rowId = clickId.slice(0, 36);
    if (!isUuid(rowId) || (clickId.length > 36 && clickId[36] !== '_')) return null;
    const { merchantId, mode } = tenant;
    const clicksSince = query.visitorClicks?.since ?? null;
    const salesSince = query.visitorSales?.since ?? null;
    // One statement: the click, then each part asked for from the click's visitor (an unasked part is
    // null and costs nothing). The visitor's sales start from its clicks (visitor index) and find
    // their sales by the click row a sale names (expression index), so the read does not grow with
    // the merchant's sales.
    const {
      rows: [row],
    } = await sql<SaleClickRow>`
      with k as (
        select id, visitor_hash, address_hash, landing_url, referrer, created_at from clicks
         where id = ${rowId} and merchant_id = ${merchantId} and mode = ${mode})
      select k.*,
        case when ${query.footprints} then (
          select coalesce(json_agg(json_build_array(s.id_hash, s.visitor_hash, s.address_hash)), '[]'::json) from (
            select id_hash, visitor_hash, address_hash from web_sessions
             where subject_kind = 'affiliate' and subject_id = ${query.affiliateId} and merchant_id = ${merchantId}
               and (visitor_hash is not null or address_hash is not null)
             order by created_at desc limit 20) s) end as footprints,
        case when ${clicksSince}::timestamptz is not null then array(
          select v.id from clicks v
           where v.merchant_id = ${merchantId} and v.mode = ${mode} and v.visitor_hash = k.visitor_hash and v.created_at >= ${clicksSince}::timestamptz
           order by v.created_at desc limit ${query.visitorClicks?.limit ?? 0}) end as visitor_clicks,
        case when ${salesSince}::timestamptz is not null then array(
          select c.id from clicks v
            join conversions c on c.merchant_id = v.merchant_id and c.mode = v.mode and ${clickRowIdOf(sql.ref('c.click_id'))} = v.id
           where v.merchant_id = ${merchantId} and v.mode = ${mode} and v.visitor_hash = k.visitor_hash
             and v.created_at >= ${salesSince}::timestamptz and c.created_at >= ${salesSince}::timestamptz
           order by c.created_at desc limit ${query.visitorSales?.limit ?? 0}) end as visitor_sales
      from k`.execute(currentDb(this.orm));
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

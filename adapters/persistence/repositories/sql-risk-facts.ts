import { sql } from 'kysely';
import type { RiskFacts } from '../../../application/ports/risk-facts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { ClickFacts, Footprint, PayoutIdentity, RefundHistory } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { currentDb, type Orm } from '../orm.js';
import { clickRowIdOf } from './click-row-id.sql.js';

/** What risk signals read of clicks, portal sessions and sales; a click not (yet) written reads as null. */
export class SqlRiskFacts implements RiskFacts {
  constructor(private readonly orm: Orm) {}

  async click(tenant: Tenant, clickId: string): Promise<ClickFacts | null> {
    // A signed click id starts with its row's uuid; an older id is the uuid. Anything else (a made-up
    // id, an external tracker's) has no row to read.
    const rowId = clickId.slice(0, 36);
    if (!isUuid(rowId) || (clickId.length > 36 && clickId[36] !== '_')) return null;
    const {
      rows: [row],
    } = await sql<{ id: string; visitor_hash: string; address_hash: string | null; landing_url: string | null; referrer: string | null; created_at: Date }>`
      select id, visitor_hash, address_hash, landing_url, referrer, created_at from clicks
       where id = ${rowId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`.execute(currentDb(this.orm));
    if (!row) return null;
    return { id: row.id, visitorHash: row.visitor_hash, addressHash: row.address_hash, landingUrl: row.landing_url, referrer: row.referrer, createdAt: new Date(row.created_at) };
  }

  async footprints(tenant: Tenant, affiliateId: string): Promise<readonly Footprint[]> {
    const { rows } = await sql<{ id_hash: string; visitor_hash: string | null; address_hash: string | null }>`
      select id_hash, visitor_hash, address_hash from web_sessions
       where subject_kind = 'affiliate' and subject_id = ${affiliateId} and merchant_id = ${tenant.merchantId}
         and (visitor_hash is not null or address_hash is not null)
       order by created_at desc limit 20`.execute(currentDb(this.orm));
    // The session's hashed id names it in the evidence (never the cookie itself).
    return rows.map((r) => ({ id: `session:${r.id_hash.slice(0, 12)}`, visitorHash: r.visitor_hash, addressHash: r.address_hash }));
  }

  async clicksFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]> {
    const { rows } = await sql<{ id: string }>`select id from clicks
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and visitor_hash = ${visitorHash} and created_at >= ${since}
       order by created_at desc limit ${limit}`.execute(currentDb(this.orm));
    return rows.map((r) => r.id);
  }

  async salesFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]> {
    const { rows } = await sql<{ id: string }>`select c.id from conversions c
       join clicks k on k.id = ${clickRowIdOf(sql.ref('c.click_id'))} and k.merchant_id = c.merchant_id and k.mode = c.mode
       where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.created_at >= ${since}
         and k.visitor_hash = ${visitorHash} and k.created_at >= ${since}
       order by c.created_at desc limit ${limit}`.execute(currentDb(this.orm));
    return rows.map((r) => r.id);
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

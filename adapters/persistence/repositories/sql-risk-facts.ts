import { sql } from 'kysely';
import type { RiskFacts } from '../../../application/ports/risk-facts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { ClickFacts, Footprint } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { currentDb, type Orm } from '../orm.js';

/** What risk signals read of clicks, portal sessions and sales; a click not (yet) written reads as null. */
export class SqlRiskFacts implements RiskFacts {
  constructor(private readonly orm: Orm) {}

  async click(tenant: Tenant, clickId: string): Promise<ClickFacts | null> {
    // Click ids that are not row ids (a made-up id, or another form of id) have no row to read.
    if (!isUuid(clickId)) return null;
    const {
      rows: [row],
    } = await sql<{ id: string; visitor_hash: string; address_hash: string | null; landing_url: string | null; referrer: string | null; created_at: Date }>`
      select id, visitor_hash, address_hash, landing_url, referrer, created_at from clicks
       where id = ${clickId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`.execute(currentDb(this.orm));
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
       join clicks k on k.id::text = c.click_id and k.merchant_id = c.merchant_id and k.mode = c.mode
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
}

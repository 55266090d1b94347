import type { SaleClickFacts, SaleClickQuery } from '../../../application/ports/risk-facts.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { clickRowIdSql } from './click-row-id.sql.js';

/** The most recent clicks of one visitor whose sales are looked at: a busy visitor is flagged long before. */
const VISITOR_CLICKS_READ = 1000;

/** Where each value of a sale click query sits among a statement's parameters (`$n`). */
export interface SaleClickParameters {
  readonly merchant: number;
  readonly mode: number;
  readonly rowId: number;
  readonly footprints: number;
  readonly affiliate: number;
  readonly clicksSince: number;
  readonly clicksLimit: number;
  readonly salesSince: number;
  readonly salesLimit: number;
}

/**
 * The click, then each part asked for of the click's visitor (an unasked part is null and costs
 * nothing). The visitor's recent clicks are read once (visitor index, the wider of the two windows) for
 * both visitor parts; the visitor's sales are looked up click by click from them through the expression index on the click row a sale names (the lateral limit keeps the
 * planner from walking the merchant's recent sales instead), so the read does not grow with the
 * merchant's sales. One row, or none when the click is not the tenant's.
 */
export const saleClickSql = (p: SaleClickParameters): string => {
  const $ = (n: number) => `$${n}`;
  const [clicksSince, salesSince] = [`${$(p.clicksSince)}::timestamptz`, `${$(p.salesSince)}::timestamptz`];
  return `with k as (
    select id, visitor_hash, address_hash, landing_url, referrer, created_at from clicks
     where id = ${$(p.rowId)} and merchant_id = ${$(p.merchant)} and mode = ${$(p.mode)}),
  v as (
    select v.id, v.created_at from clicks v
     where v.merchant_id = ${$(p.merchant)} and v.mode = ${$(p.mode)} and v.visitor_hash = (select visitor_hash from k)
       and v.created_at >= least(coalesce(${clicksSince}, 'infinity'), coalesce(${salesSince}, 'infinity'))
     order by v.created_at desc
     limit case when ${salesSince} is not null then greatest(${VISITOR_CLICKS_READ}, ${$(p.clicksLimit)}) else ${$(p.clicksLimit)} end)
  select k.*,
    case when ${$(p.footprints)}::boolean then (
      select coalesce(json_agg(json_build_array(s.id_hash, s.visitor_hash, s.address_hash)), '[]'::json) from (
        select id_hash, visitor_hash, address_hash from web_sessions
         where subject_kind = 'affiliate' and subject_id = ${$(p.affiliate)} and merchant_id = ${$(p.merchant)}
           and (visitor_hash is not null or address_hash is not null)
         order by created_at desc limit 20) s) end as footprints,
    case when ${clicksSince} is not null then array(
      select v.id from v where v.created_at >= ${clicksSince} order by v.created_at desc limit ${$(p.clicksLimit)}) end as visitor_clicks,
    case when ${salesSince} is not null then array(
      select s.id from v
      cross join lateral (
        select c.id, c.created_at from conversions c
         where c.merchant_id = ${$(p.merchant)} and c.mode = ${$(p.mode)} and c.click_id is not null and ${clickRowIdSql('c.click_id')} = v.id and c.created_at >= ${salesSince}
         limit ${$(p.salesLimit)}) s
      where v.created_at >= ${salesSince}
      order by s.created_at desc limit ${$(p.salesLimit)}) end as visitor_sales
  from k`;
};

/** A click row with the parts read of its visitor (timestamps as the driver or `to_json` gives them). */
export interface SaleClickRow {
  id: string;
  visitor_hash: string;
  address_hash: string | null;
  landing_url: string | null;
  referrer: string | null;
  created_at: Date | string;
  footprints: [string, string | null, string | null][] | null;
  visitor_clicks: string[] | null;
  visitor_sales: string[] | null;
}

/**
 * The click's row id, or null when the id cannot name one of our clicks: a signed click id starts with
 * its row's uuid; an older id is the uuid. Anything else (a made-up id, an external tracker's) has no row.
 */
export const clickRowIdOf = (clickId: string): string | null => {
  const rowId = clickId.slice(0, 36);
  return isUuid(rowId) && (clickId.length === 36 || clickId[36] === '_') ? rowId : null;
};

/** The query's own values (footprints, clicks since and limit, sales since and limit), numbered consecutively by the caller. */
export const saleClickValues = (query: SaleClickQuery): unknown[] => [
  query.footprints,
  query.visitorClicks?.since ?? null,
  query.visitorClicks?.limit ?? 0,
  query.visitorSales?.since ?? null,
  query.visitorSales?.limit ?? 0,
];

export const saleClickFromRow = (row: SaleClickRow): SaleClickFacts => ({
  click: { id: row.id, visitorHash: row.visitor_hash, addressHash: row.address_hash, landingUrl: row.landing_url, referrer: row.referrer, createdAt: new Date(row.created_at) },
  // The session's hashed id names it in the evidence (never the cookie itself).
  footprints: (row.footprints ?? []).map(([idHash, visitorHash, addressHash]) => ({ id: `session:${idHash.slice(0, 12)}`, visitorHash, addressHash })),
  visitorClicks: row.visitor_clicks ?? [],
  visitorSales: row.visitor_sales ?? [],
});

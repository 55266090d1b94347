import { sql, type RawBuilder } from 'kysely';
import type { ReviewFilters, ReviewRow, ReviewState, RiskReviewQueries } from '../../../application/ports/risk-review-queries.js';
import { offsetOf, sliceOf, type PageRequest, type Slice } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { RiskSubject } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/**
 * The queue as one statement: flagged conversions, held ones without flags, flagged affiliates, each
 * with its state (the port's definition). Held rows come from the status index, flagged ones from
 * `risk_flags`; a merchant's other sales are never scanned.
 */
const queue = (tenant: Tenant, signal: string | undefined): RawBuilder<unknown> => sql`
  with flagged as (
    select subject_kind, subject_id, min(created_at) as flagged_at from risk_flags
     where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
       ${signal ? sql`and subject_id in (select subject_id from risk_flags where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and code = ${signal})` : sql``}
     group by subject_kind, subject_id
  )
  select 'conversion' as kind, c.id, c.created_at as at, c.status as conversion_status,
         case when c.status in ('pending', 'held') then 'open' else 'decided' end as state
    from flagged f join conversions c on c.id = f.subject_id and c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode}
   where f.subject_kind = 'conversion'
  ${
    signal
      ? sql``
      : sql`union all
  select 'conversion', c.id, c.created_at, c.status, 'open'
    from conversions c
   where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.status = 'held'
     and not exists (select 1 from flagged f where f.subject_kind = 'conversion' and f.subject_id = c.id)`
  }
  union all
  select 'affiliate', f.subject_id, f.flagged_at, null,
         case
           when exists (select 1 from affiliate_bans b where b.merchant_id = ${tenant.merchantId} and b.affiliate_id = f.subject_id) then 'banned'
           when exists (select 1 from affiliate_memberships m
                         where m.affiliate_id = f.subject_id and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode}
                           and m.status in ('pending', 'approved') and (m.decided_at is null or m.decided_at <= f.flagged_at)) then 'open'
           else 'decided'
         end
    from flagged f
   where f.subject_kind = 'affiliate'`;

const where = (filters: ReviewFilters): RawBuilder<unknown> => {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filters.kind) parts.push(sql`kind = ${filters.kind}`);
  if (filters.state === 'held') parts.push(sql`conversion_status = 'held'`);
  else if (filters.state) parts.push(sql`state = ${filters.state}`);
  return sql.join(parts, sql` and `);
};

/** The review queue and its open count, read with SQL. */
export class SqlRiskReviewQueries implements RiskReviewQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filters: ReviewFilters, page: PageRequest): Promise<Slice<ReviewRow>> {
    const { rows } = await sql<{ kind: RiskSubject; id: string; at: Date; state: ReviewState }>`
      select kind, id, at, state from (${queue(tenant, filters.signal)}) q
       where ${where(filters)}
       order by at desc, id desc
       limit ${page.limit + 1} offset ${offsetOf(page)}`.execute(currentDb(this.orm));
    return sliceOf(
      rows.map((r) => ({ kind: r.kind, id: r.id, at: new Date(r.at), state: r.state })),
      page,
    );
  }

  async openCount(tenant: Tenant): Promise<number> {
    const {
      rows: [row],
    } = await sql<{ open: string }>`select count(*) as open from (${queue(tenant, undefined)}) q where state = 'open'`.execute(currentDb(this.orm));
    return Number(row?.open ?? 0);
  }
}

import { sql } from 'kysely';
import type { OpenReviews } from '../../../application/ports/open-reviews.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentDb, type Orm } from '../orm.js';

/** One statement, read on every dashboard page for the navigation's count. */
export class SqlOpenReviews implements OpenReviews {
  constructor(private readonly orm: Orm) {}

  async count(tenant: Tenant): Promise<number> {
    const {
      rows: [row],
    } = await sql<{ open: string }>`
      select
        (select count(*) from conversions c
          where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.status = 'held')
      + (select count(distinct f.subject_id) from risk_flags f
          join conversions c on c.id = f.subject_id and c.merchant_id = f.merchant_id and c.mode = f.mode
          where f.merchant_id = ${tenant.merchantId} and f.mode = ${tenant.mode} and f.subject_kind = 'conversion' and c.status = 'pending')
      + (select count(*) from (
          select f.subject_id, min(f.created_at) as flagged_at from risk_flags f
           where f.merchant_id = ${tenant.merchantId} and f.mode = ${tenant.mode} and f.subject_kind = 'affiliate'
           group by f.subject_id) a
          where not exists (select 1 from affiliate_bans b where b.merchant_id = ${tenant.merchantId} and b.affiliate_id = a.subject_id)
            and exists (select 1 from affiliate_memberships m
               where m.affiliate_id = a.subject_id and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode}
                 and m.status in ('pending', 'approved') and (m.decided_at is null or m.decided_at <= a.flagged_at))) as open`.execute(currentDb(this.orm));
    return Number(row?.open ?? 0);
  }
}

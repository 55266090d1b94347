import { sql } from 'kysely';
import type { AffiliateName, AffiliateNames } from '../../../application/ports/affiliate-names.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentDb, type Orm } from '../orm.js';

interface NameRow {
  id: string;
  name: string;
  email: string;
  payout_email: string | null;
}

const toName = (r: NameRow): AffiliateName => ({ id: r.id, name: r.name, email: r.email, payoutEmail: r.payout_email });

/** The tenant's affiliates are those with a membership with its merchant in its mode, as GET /affiliates/:id resolves them. */
const isTenants = (tenant: Tenant) =>
  sql`a.is_test = ${tenant.mode === 'test'} and exists (select 1 from affiliate_memberships m
      where m.affiliate_id = a.id and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode})`;

export class SqlAffiliateNames implements AffiliateNames {
  constructor(private readonly orm: Orm) {}

  async named(tenant: Tenant, ids: readonly string[]): Promise<readonly AffiliateName[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<NameRow>`
      select a.id, a.name, a.email, a.payout_email from affiliates a
      where a.id = any(${[...ids]}::uuid[]) and ${isTenants(tenant)}`.execute(currentDb(this.orm));
    return rows.map(toName);
  }

  async withEmail(tenant: Tenant, email: string): Promise<AffiliateName | null> {
    const { rows } = await sql<NameRow>`
      select a.id, a.name, a.email, a.payout_email from affiliates a
      where lower(a.email) = lower(${email}) and ${isTenants(tenant)}
      order by a.created_at limit 1`.execute(currentDb(this.orm));
    return rows[0] ? toName(rows[0]) : null;
  }
}

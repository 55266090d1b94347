import { sql } from 'kysely';
import type { InvitationFilter, InvitationRepository } from '../../../application/ports/invitation-repository.js';
import type { Page, PageRequest } from '../../../application/shared/page.js';
import { offsetOf } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { AffiliateInvitation, InvitationStatus, Mode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type InvitationRow = Row<'affiliate_invitations'>;

const COLUMNS = sql.raw('id, merchant_id, mode, campaign_id, email, name, status, expires_at, sent_at, send_count, created_at, updated_at');

const fromRow = (r: InvitationRow): AffiliateInvitation => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  campaignId: r.campaign_id,
  email: r.email,
  name: r.name,
  status: r.status as InvitationStatus,
  expiresAt: new Date(r.expires_at),
  sentAt: new Date(r.sent_at),
  sendCount: r.send_count,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export class SqlInvitationRepository implements InvitationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(i: AffiliateInvitation): Promise<'inserted' | 'duplicate'> {
    const { rows } = await sql<{ id: string }>`
      insert into affiliate_invitations (id, merchant_id, mode, campaign_id, email, name, status, expires_at, sent_at, send_count, created_at, updated_at)
      values (${i.id}, ${i.merchantId}, ${i.mode}, ${i.campaignId}, ${i.email}, ${i.name}, ${i.status}, ${i.expiresAt}, ${i.sentAt},
        ${i.sendCount}, ${i.createdAt}, ${i.updatedAt})
      on conflict do nothing
      returning id`.execute(currentDb(this.orm));
    return rows.length > 0 ? 'inserted' : 'duplicate';
  }

  async update(i: AffiliateInvitation): Promise<void> {
    await sql`
      update affiliate_invitations set status = ${i.status}, expires_at = ${i.expiresAt}, sent_at = ${i.sentAt},
        send_count = ${i.sendCount}, updated_at = ${i.updatedAt}
      where id = ${i.id} and merchant_id = ${i.merchantId} and mode = ${i.mode}`.execute(currentDb(this.orm));
  }

  async findForUpdate(tenant: Tenant, id: string): Promise<AffiliateInvitation | null> {
    const { rows } = await sql<InvitationRow>`
      select ${COLUMNS} from affiliate_invitations
      where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      for update`.execute(currentDb(this.orm));
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async findPendingForUpdate(tenant: Tenant, campaignId: string, email: string): Promise<AffiliateInvitation | null> {
    const { rows } = await sql<InvitationRow>`
      select ${COLUMNS} from affiliate_invitations
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
        and lower(email) = lower(${email}) and status = 'pending'
      for update`.execute(currentDb(this.orm));
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async list(tenant: Tenant, filter: InvitationFilter, page: PageRequest): Promise<Page<AffiliateInvitation>> {
    const status = filter.status ?? null;
    const from = filter.createdFrom ?? null;
    const before = filter.createdBefore ?? null;
    const { rows } = await sql<InvitationRow & { total: number }>`
      select ${COLUMNS}, count(*) over ()::int as total from affiliate_invitations
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and (${status}::text is null or status = ${status})
        and (${from}::timestamptz is null or created_at >= ${from}) and (${before}::timestamptz is null or created_at < ${before})
      order by created_at desc, id desc
      limit ${page.limit} offset ${offsetOf(page)}`.execute(currentDb(this.orm));
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.page > 1) {
      const counted = await sql<{ n: number }>`
        select count(*)::int as n from affiliate_invitations
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and (${status}::text is null or status = ${status})
          and (${from}::timestamptz is null or created_at >= ${from}) and (${before}::timestamptz is null or created_at < ${before})`.execute(
        currentDb(this.orm),
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { items: rows.map(fromRow), page: page.page, limit: page.limit, total };
  }

  async claimDueToExpire(now: Date, limit: number): Promise<readonly AffiliateInvitation[]> {
    const { rows } = await sql<InvitationRow>`
      select ${COLUMNS} from affiliate_invitations
      where status = 'pending' and expires_at <= ${now}
      order by expires_at, id
      limit ${limit}
      for update skip locked`.execute(currentDb(this.orm));
    return rows.map(fromRow);
  }
}

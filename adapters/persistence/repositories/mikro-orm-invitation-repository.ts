import { sql } from 'kysely';
import type { InvitationRepository } from '../../../application/ports/invitation-repository.js';
import type { AffiliateInvitation, InvitationStatus, Mode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

interface InvitationRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  campaign_id: string;
  email: string;
  name: string | null;
  status: InvitationStatus;
  created_at: Date | string;
}

const toInvitation = (r: InvitationRow): AffiliateInvitation => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode,
  campaignId: r.campaign_id,
  email: r.email,
  name: r.name,
  status: r.status,
  createdAt: new Date(r.created_at),
});

export class MikroOrmInvitationRepository implements InvitationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(i: AffiliateInvitation): Promise<'inserted' | 'duplicate'> {
    const { rows } = await sql<{ id: string }>`
      insert into affiliate_invitations (id, merchant_id, mode, campaign_id, email, name, status, created_at, sent_at, updated_at, expires_at)
      values (${i.id}, ${i.merchantId}, ${i.mode}, ${i.campaignId}, ${i.email}, ${i.name}, ${i.status}, ${i.createdAt}, ${i.createdAt},
        ${i.createdAt}, ${i.createdAt}::timestamptz + interval '14 days')
      on conflict do nothing
      returning id`.execute(currentDb(this.orm));
    return rows.length > 0 ? 'inserted' : 'duplicate';
  }

  async findByIdForUpdateAcrossMerchants(id: string): Promise<AffiliateInvitation | null> {
    const { rows } = await sql<InvitationRow>`
      select id, merchant_id, mode, campaign_id, email, name, status, created_at
      from affiliate_invitations where id = ${id} for update`.execute(currentDb(this.orm));
    return rows[0] ? toInvitation(rows[0]) : null;
  }

  async updateStatus(i: AffiliateInvitation): Promise<void> {
    await sql`update affiliate_invitations set status = ${i.status} where id = ${i.id}`.execute(currentDb(this.orm));
  }
}

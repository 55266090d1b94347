import { sql } from 'kysely';
import type { InvitationRepository } from '../../../application/ports/invitation-repository.js';
import type { AffiliateInvitation } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

export class MikroOrmInvitationRepository implements InvitationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(i: AffiliateInvitation): Promise<'inserted' | 'duplicate'> {
    const { rows } = await sql<{ id: string }>`
      insert into affiliate_invitations (id, merchant_id, mode, campaign_id, email, name, status, created_at)
      values (${i.id}, ${i.merchantId}, ${i.mode}, ${i.campaignId}, ${i.email}, ${i.name}, ${i.status}, ${i.createdAt})
      on conflict do nothing
      returning id`.execute(currentDb(this.orm));
    return rows.length > 0 ? 'inserted' : 'duplicate';
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Invitations are listed per tenant and status, newest first. */
export class Migration20261126000012InvitationListIndex extends Migration {
  override up(): void {
    this.addSql(`create index affiliate_invitations_status_idx on affiliate_invitations (merchant_id, mode, status, created_at desc, id desc);`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Running a program over months: campaigns end (`ends_at`), memberships can be suspended,
 * invitations expire and can be revoked, a hold remembers where it came from, a conversion keeps the
 * commission terms it was created under, and in-app notices are per mode with a read mark.
 */
export class Migration20261126000010RunningAProgram extends Migration {
  override up(): void {
    this.addSql(`alter table campaigns add column ends_at timestamptz null;`);
    this.addSql(`create index campaigns_ends_at_idx on campaigns (ends_at) where ends_at is not null and status <> 'expired';`);

    this.addSql(`alter table affiliate_memberships drop constraint affiliate_memberships_status_check;`);
    this.addSql(`
      alter table affiliate_memberships add constraint affiliate_memberships_status_check
        check (status in ('pending', 'approved', 'rejected', 'suspended'));`);

    this.addSql(`alter table affiliate_invitations drop constraint affiliate_invitations_status_check;`);
    this.addSql(`
      alter table affiliate_invitations add constraint affiliate_invitations_status_check
        check (status in ('pending', 'accepted', 'revoked', 'expired'));`);
    this.addSql(`alter table affiliate_invitations add column expires_at timestamptz null;`);
    this.addSql(`alter table affiliate_invitations add column sent_at timestamptz null;`);
    this.addSql(`alter table affiliate_invitations add column send_count integer not null default 1;`);
    this.addSql(`alter table affiliate_invitations add column updated_at timestamptz null;`);
    this.addSql(`update affiliate_invitations set sent_at = created_at, updated_at = created_at, expires_at = created_at + interval '14 days';`);
    this.addSql(`alter table affiliate_invitations alter column expires_at set not null, alter column sent_at set not null, alter column updated_at set not null;`);
    this.addSql(`create index affiliate_invitations_tenant_idx on affiliate_invitations (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`create index affiliate_invitations_due_idx on affiliate_invitations (expires_at) where status = 'pending';`);

    this.addSql(`alter table merchants add column invitation_expiry_days integer not null default 14 check (invitation_expiry_days between 1 and 365);`);

    this.addSql(`alter table conversions add column held_from text null check (held_from in ('pending', 'approved'));`);
    this.addSql(`alter table conversions add column commission_rule text null;`);
    this.addSql(`alter table conversions add column commission_rate_type text null check (commission_rate_type in ('percentage', 'fixed'));`);
    this.addSql(`alter table conversions add column commission_rate_value numeric(20,6) null;`);

    this.addSql(`alter table notifications add column mode text not null default 'live' check (mode in ('live', 'test'));`);
    this.addSql(`alter table notifications add column read_at timestamptz null;`);
    this.addSql(`drop index notifications_merchant_idx;`);
    this.addSql(`create index notifications_merchant_idx on notifications (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`create index notifications_unread_idx on notifications (merchant_id, mode) where read_at is null;`);
  }
}

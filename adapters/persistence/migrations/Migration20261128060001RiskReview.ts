import { Migration } from '@mikro-orm/migrations';

/**
 * Risk review:
 * - `risk_settings`: a merchant's rules for the risk signals, one row per merchant and mode (absent:
 *   the defaults);
 * - `risk_flags`: what a signal found about a conversion or an affiliate, with its evidence, one row
 *   per subject and signal (a signal that fires again refreshes its row);
 * - `affiliate_bans`: an affiliate banned at a merchant, with the merchant's reason;
 * - the click details signals read (landing URL, referrer, the salted fingerprint of the address
 *   alone), nullable: clicks recorded before them have none;
 * - the fingerprints of a portal session, so a sale's click can be compared with the affiliate's own
 *   browser and address;
 * - indexes for the sales only the tracking script reported: the earnings cap leaves them out, and a
 *   click reports at most one.
 */
export class Migration20261128060001RiskReview extends Migration {
  override up(): void {
    this.addSql(`
      create table risk_settings (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        settings jsonb not null,
        updated_at timestamptz not null,
        primary key (merchant_id, mode)
      );`);
    this.addSql(`
      create table risk_flags (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        subject_kind text not null check (subject_kind in ('conversion', 'affiliate')),
        subject_id uuid not null,
        code text not null,
        message text not null,
        evidence jsonb not null,
        action text not null check (action in ('flag', 'hold')),
        created_at timestamptz not null,
        unique (merchant_id, mode, subject_kind, subject_id, code)
      );`);
    this.addSql(`create index risk_flags_review_idx on risk_flags (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`
      create table affiliate_bans (
        merchant_id uuid not null references merchants (id),
        affiliate_id uuid not null references affiliates (id),
        reason text not null,
        banned_at timestamptz not null,
        primary key (merchant_id, affiliate_id)
      );`);
    this.addSql(`alter table clicks add column landing_url text null, add column referrer text null, add column address_hash text null;`);
    this.addSql(`create index clicks_visitor_recent_idx on clicks (merchant_id, mode, visitor_hash, created_at desc);`);
    this.addSql(`alter table web_sessions add column visitor_hash text null, add column address_hash text null;`);
    this.addSql(`create index conversions_unconfirmed_script_idx on conversions (merchant_id, mode, created_at)
      where source = 'tracking_script' and status in ('pending', 'held');`);
    this.addSql(`create index conversions_script_click_idx on conversions (merchant_id, mode, click_id) where source = 'tracking_script';`);
  }
}

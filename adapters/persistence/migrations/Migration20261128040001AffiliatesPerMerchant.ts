import { Migration } from '@mikro-orm/migrations';

/**
 * Tables whose affiliate ids the statement triggers of `conversions` and `affiliate_memberships`
 * move themselves when those rows move; updating them too would count the move twice.
 */
const TRIGGER_MAINTAINED = ['conversion_affiliate_monthly_totals', 'conversion_affiliate_monthly_ranks', 'merchant_affiliate_memberships'];

/**
 * Gives every merchant its own record of an affiliate that was shared with another merchant: a copy
 * (same email, name, payout details and referral code, so the links already handed out keep working)
 * takes over that merchant's rows in every table that names an affiliate beside a merchant, and its
 * portal sessions and sign-in links. The record keeps its id at the merchant in `affiliates.merchant_id`.
 * Exported so a test can run it on a database holding the old shared state.
 */
export const SPLIT_SHARED_AFFILIATES = `
do $split$
declare
  pair record;
  target record;
  copy_id uuid;
begin
  for pair in
    select distinct m.affiliate_id, m.merchant_id
    from affiliate_memberships m join affiliates a on a.id = m.affiliate_id
    where m.merchant_id <> a.merchant_id
    order by m.affiliate_id, m.merchant_id
  loop
    copy_id := gen_random_uuid();
    insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, payout_method,
      payout_email, payout_details_completed_at, created_at, updated_at)
    select copy_id, pair.merchant_id, email, name, is_test, headless, created_via, ref_code, payout_method,
      payout_email, payout_details_completed_at, created_at, updated_at
    from affiliates where id = pair.affiliate_id;
    for target in
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.column_name in ('affiliate_id', 'leader_affiliate_id')
        and c.table_name not in (${TRIGGER_MAINTAINED.map((t) => `'${t}'`).join(', ')})
        and exists (select 1 from information_schema.columns mc
          where mc.table_schema = c.table_schema and mc.table_name = c.table_name and mc.column_name = 'merchant_id')
      order by c.table_name, c.column_name
    loop
      execute format('update %I set %I = $1 where %I = $2 and merchant_id = $3', target.table_name, target.column_name, target.column_name)
        using copy_id, pair.affiliate_id, pair.merchant_id;
    end loop;
    update web_sessions set subject_id = copy_id
      where subject_kind = 'affiliate' and subject_id = pair.affiliate_id and merchant_id = pair.merchant_id;
    update link_tokens set subject_id = copy_id
      where subject_kind = 'affiliate' and subject_id = pair.affiliate_id and merchant_id = pair.merchant_id;
  end loop;
end $split$;`;

/**
 * An affiliate is one merchant's record of a person: `affiliates` gains `merchant_id`, the email is
 * unique per merchant and mode (another merchant's affiliate with the same email neither blocks nor
 * reveals anything), and referral codes are unique per merchant (a tracking link names its campaign,
 * hence its merchant). Shared records are split so that each merchant keeps its own.
 */
export class Migration20261128040001AffiliatesPerMerchant extends Migration {
  override up(): void {
    this.addSql(`alter table affiliates add column merchant_id uuid null references merchants (id);`);
    // The merchant the affiliate first joined keeps the record (and its id); the others get copies.
    this.addSql(`
      update affiliates a set merchant_id = first.merchant_id
      from (select distinct on (affiliate_id) affiliate_id, merchant_id from affiliate_memberships
            order by affiliate_id, joined_at, id) first
      where first.affiliate_id = a.id;`);
    // A record no merchant ever reached (none can be made so: each is created with its membership).
    this.addSql(`delete from affiliates where merchant_id is null;`);
    this.addSql(`drop index affiliates_email_key;`);
    this.addSql(`drop index affiliates_ref_code_key;`);
    this.addSql(`create unique index affiliates_email_key on affiliates (merchant_id, is_test, lower(email));`);
    this.addSql(`create unique index affiliates_ref_code_key on affiliates (merchant_id, ref_code);`);
    this.addSql(SPLIT_SHARED_AFFILIATES);
    this.addSql(`alter table affiliates alter column merchant_id set not null;`);
    // A membership links a merchant only to an affiliate of its own.
    this.addSql(`alter table affiliates add constraint affiliates_id_merchant_key unique (id, merchant_id);`);
    this.addSql(`
      alter table affiliate_memberships add constraint affiliate_memberships_affiliate_merchant_fkey
        foreign key (affiliate_id, merchant_id) references affiliates (id, merchant_id);`);
  }
}

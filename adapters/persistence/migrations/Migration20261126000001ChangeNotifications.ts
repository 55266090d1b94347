import { Migration } from '@mikro-orm/migrations';

/**
 * What processes keep in memory for a few seconds (a key with its merchant, a tracking link, the
 * test clock's offset) announces its changes on the `service_changes` channel, from triggers, so
 * that every writer (the API, the operator, a migration, psql) is seen by every process at once.
 * Payloads: `key:<lookup>`, `merchant:<id>`, `links`, `clock`. NOTIFY is sent at commit and
 * identical payloads of one transaction are sent once.
 */
export class Migration20261126000001ChangeNotifications extends Migration {
  override up(): void {
    this.addSql(`create function notify_api_key_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then perform pg_notify('service_changes', 'key:' || old.lookup); end if;
        if tg_op in ('INSERT', 'UPDATE') then perform pg_notify('service_changes', 'key:' || new.lookup); end if;
        return null;
      end $$;`);
    this.addSql(`create trigger api_keys_notify after insert or update or delete on api_keys
      for each row execute function notify_api_key_change();`);
    this.addSql(`create function notify_merchant_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('service_changes', 'merchant:' || old.id);
        return null;
      end $$;`);
    this.addSql(`create trigger merchants_notify after update or delete on merchants
      for each row execute function notify_merchant_change();`);
    this.addSql(`create function notify_links_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('service_changes', 'links');
        return null;
      end $$;`);
    for (const table of ['campaigns', 'affiliates', 'affiliate_memberships']) {
      this.addSql(`create trigger ${table}_notify_links after update or delete on ${table}
        for each statement execute function notify_links_change();`);
    }
    this.addSql(`create trigger affiliate_memberships_notify_links_insert after insert on affiliate_memberships
      for each statement execute function notify_links_change();`);
    this.addSql(`create function notify_clock_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('service_changes', 'clock');
        return null;
      end $$;`);
    this.addSql(`create trigger service_clock_notify after insert or update on service_clock
      for each statement execute function notify_clock_change();`);
  }
}

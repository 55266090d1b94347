import { Migration } from '@mikro-orm/migrations';

/**
 * Integrations announce their changes on `service_changes` (`integration:<id>`), as keys and
 * merchants do, so that a process may keep the integration a provider's notification names in memory:
 * a new signing secret, a deactivation or a deletion (the merchant's too, by cascade) reaches every
 * process at once, whoever wrote it. An insert names an id no process has kept.
 */
export class Migration20261201000001IntegrationChanges extends Migration {
  override up(): void {
    this.addSql(`create function notify_integration_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('service_changes', 'integration:' || old.id);
        return null;
      end $$;`);
    this.addSql(`create trigger integrations_notify after update or delete on integrations
      for each row execute function notify_integration_change();`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * App Store integrations: verified with Apple's certificates, so they have no signing secret; they
 * name the app instead (bundle id, and the app's Apple ID, which Production needs). The checks keep
 * each provider's settings whole even if a write bypassed the domain.
 */
export class Migration20261127000003AppStoreIntegrations extends Migration {
  override up(): void {
    this.addSql(`alter table integrations alter column signing_secret drop not null;`);
    this.addSql(`alter table integrations add column bundle_id text null;`);
    this.addSql(`alter table integrations add column app_apple_id bigint null check (app_apple_id is null or app_apple_id > 0);`);
    this.addSql(`alter table integrations add constraint integrations_provider_settings check (
      case when provider = 'app_store' then bundle_id is not null and signing_secret is null
           else signing_secret is not null and bundle_id is null and app_apple_id is null end);`);
  }
}

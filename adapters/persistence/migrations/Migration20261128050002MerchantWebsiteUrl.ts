import { Migration } from '@mikro-orm/migrations';

/** The merchant's website: where a campaign without a target URL sends its visitors. */
export class Migration20261128050002MerchantWebsiteUrl extends Migration {
  override up(): void {
    this.addSql(`alter table merchants add column website_url text;`);
  }
}

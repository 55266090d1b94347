import { Migration } from '@mikro-orm/migrations';

/**
 * An import may be told to carry a source's campaigns (programs) into campaigns the merchant already
 * has: the map of source id → our campaign id is kept with the run (`{}` when none).
 */
export class Migration20261130010001ImportCampaignMap extends Migration {
  override up(): void {
    this.addSql(`alter table imports add column campaign_map jsonb not null default '{}';`);
  }
}

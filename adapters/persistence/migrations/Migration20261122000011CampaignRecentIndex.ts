import { Migration } from '@mikro-orm/migrations';

/**
 * The campaign index also orders by id, so a campaign's newest conversions (GET
 * /campaigns/:id, a prepared statement whose generic plan cannot see which campaign) are read in
 * index order, newest first, stopping at the limit. Without `id` the generic plan preferred the
 * tenant-wide time index filtered by campaign, which at a million conversions of one merchant reads
 * every row of its other campaigns before finding a quiet campaign's few.
 */
export class Migration20261122000011CampaignRecentIndex extends Migration {
  override up(): void {
    this.addSql(`create index conversions_campaign_created_idx on conversions (merchant_id, mode, campaign_id, created_at desc, id desc);`);
    this.addSql(`drop index conversions_campaign_idx;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Sales found by the click row they name (the expression `clickRowIdOf` writes, exactly): a sale's
 * visitor-velocity check starts from the visitor's recent clicks and finds their sales through this
 * index, instead of reading every recent sale of the merchant and joining each to its click.
 */
export class Migration20261130050001SaleClickRowIndex extends Migration {
  override up(): void {
    this.addSql(`create index conversions_click_row_idx on conversions (merchant_id, mode,
      (case when click_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}($|_)' then left(click_id, 36)::uuid end))
      where click_id is not null;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The merchant's own notes and tags on each affiliate record (never shown to the affiliate). Tags are
 * a JSON array of short strings, bounded here as in the domain so no writer can store more.
 */
export class Migration20261129030001AffiliateNotesTags extends Migration {
  override up(): void {
    this.addSql(`
      alter table affiliates
        add column notes text not null default '' check (length(notes) <= 2000),
        add column tags jsonb not null default '[]' check (jsonb_typeof(tags) = 'array' and jsonb_array_length(tags) <= 20);`);
  }
}

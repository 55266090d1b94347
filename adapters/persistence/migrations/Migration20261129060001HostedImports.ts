import { Migration } from '@mikro-orm/migrations';

/**
 * Hosted imports read their source's API before the rows are carried: where the reading stands
 * (`fetch_state`, null for a CSV run), when the run may ask again (rate limit, `fetch_not_before`), and the
 * merchant's API keys sealed as payout credentials are, dropped once the reading ends. An imported
 * affiliate's old referral codes (`?via=jb-007`, a Dub key) stay links to it: `ref_code_aliases`.
 */
export class Migration20261129060001HostedImports extends Migration {
  override up(): void {
    this.addSql(`alter table imports add column fetch_state jsonb null, add column fetch_not_before timestamptz null,
      add column credentials_sealed text null, add column credentials_key_id text null;`);
    this.addSql(`
      create table ref_code_aliases (
        merchant_id uuid not null references merchants (id),
        alias text not null,
        affiliate_id uuid not null references affiliates (id) on delete cascade,
        source text not null,
        created_at timestamptz not null,
        primary key (merchant_id, alias)
      );`);
    this.addSql(`create index imports_fetch_due_idx on imports (created_at) where state in ('queued', 'running') and fetch_state is not null and not (fetch_state->>'done')::boolean;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Imports: each run with its progress and preview, the rows it read (so a crashed run resumes at its
 * cursor without the upload), and the mapping from a source's ids to ours, which makes a re-run change
 * nothing already imported. Imported commissions are marked `source = 'import'`.
 */
export class Migration20261128110001Imports extends Migration {
  override up(): void {
    this.addSql(`
      create table imports (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        source text not null check (source in ('csv', 'rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub')),
        dry_run boolean not null,
        state text not null check (state in ('queued', 'running', 'completed', 'failed', 'cancelled')),
        cursor integer not null default 0,
        row_count integer not null,
        progress jsonb not null default '{}',
        preview jsonb not null default '[]',
        failure text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        finished_at timestamptz null
      );`);
    this.addSql(`create index imports_tenant_idx on imports (merchant_id, mode, created_at desc);`);
    this.addSql(`create index imports_due_idx on imports (created_at) where state in ('queued', 'running');`);
    this.addSql(`
      create table import_rows (
        import_id uuid not null references imports (id) on delete cascade,
        seq integer not null,
        resource text not null,
        data jsonb not null,
        primary key (import_id, seq)
      );`);
    this.addSql(`
      create table import_mappings (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        source text not null,
        resource text not null,
        external_id text not null,
        internal_id uuid not null,
        import_id uuid not null,
        created_at timestamptz not null,
        primary key (merchant_id, mode, source, resource, external_id)
      );`);
  }
}

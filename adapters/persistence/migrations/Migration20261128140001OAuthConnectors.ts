import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth connectors of the remote assistant endpoint: registered clients (public, not bound to a
 * merchant), grants a signed-in member approved (bound to the member's merchant and mode), and the
 * grants' codes and tokens as SHA-256 hashes. Audit rows may name `connector:<grant>:user:<user>`.
 */
export class Migration20261128140001OAuthConnectors extends Migration {
  override up(): void {
    this.addSql(`create table oauth_clients (
      id uuid primary key,
      name text not null,
      redirect_uris jsonb not null,
      created_at timestamptz not null
    );`);
    this.addSql(`create table oauth_grants (
      id uuid primary key,
      client_id uuid not null references oauth_clients (id) on delete cascade,
      merchant_id uuid not null references merchants (id) on delete cascade,
      user_id uuid not null,
      mode text not null check (mode in ('live', 'test')),
      scopes jsonb not null,
      created_at timestamptz not null,
      revoked_at timestamptz
    );`);
    this.addSql(`create index oauth_grants_user_idx on oauth_grants (merchant_id, user_id, created_at desc);`);
    this.addSql(`create table oauth_tokens (
      token_hash text primary key,
      grant_id uuid not null references oauth_grants (id) on delete cascade,
      kind text not null check (kind in ('code', 'access', 'refresh')),
      code_challenge text,
      redirect_uri text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );`);
    this.addSql(`create index oauth_tokens_grant_idx on oauth_tokens (grant_id);`);
    this.addSql(`create index oauth_tokens_expiry_idx on oauth_tokens (expires_at);`);
    this.addSql(`alter table audit_log drop constraint audit_log_actor_check;`);
    this.addSql(`alter table audit_log add constraint audit_log_actor_check check (
        actor in ('api_key', 'operator', 'anonymous', 'assistant')
        or actor ~ '^(user|affiliate):[0-9a-f-]{36}$'
        or actor ~ '^connector:[0-9a-f-]{36}:user:[0-9a-f-]{36}$'
      );`);
  }
}

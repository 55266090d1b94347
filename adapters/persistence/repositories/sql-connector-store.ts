import { sql, type RawBuilder } from 'kysely';
import type { ConnectorGrant, ConnectorStore, ConnectorToken, OAuthClient } from '../../../application/ports/connector-store.js';
import type { ConnectorScope } from '../../../domain/connector/scopes.js';
import type { Mode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type GrantRow = Row<'oauth_grants'> & { client_name: string };

const grantOf = (r: GrantRow): ConnectorGrant => ({
  id: r.id,
  clientId: r.client_id,
  clientName: r.client_name,
  merchantId: r.merchant_id,
  userId: r.user_id,
  mode: r.mode as Mode,
  scopes: r.scopes as ConnectorScope[],
  createdAt: new Date(r.created_at),
  revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
});

/** `oauth_clients`, `oauth_grants` and `oauth_tokens` in plain SQL; using a token is one conditional update. */
export class SqlConnectorStore implements ConnectorStore {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insertClient(c: OAuthClient): Promise<void> {
    await this.exec(sql`insert into oauth_clients (id, name, redirect_uris, created_at) values (${c.id}, ${c.name}, ${JSON.stringify(c.redirectUris)}::jsonb, ${c.createdAt})`);
  }

  async findClient(id: string): Promise<OAuthClient | null> {
    const [r] = await this.exec(sql<Row<'oauth_clients'>>`select id, name, redirect_uris, created_at from oauth_clients where id = ${id}`);
    return r ? { id: r.id, name: r.name, redirectUris: r.redirect_uris, createdAt: new Date(r.created_at) } : null;
  }

  async insertGrant(g: Omit<ConnectorGrant, 'clientName' | 'revokedAt'>): Promise<void> {
    await this.exec(sql`insert into oauth_grants (id, client_id, merchant_id, user_id, mode, scopes, created_at)
       values (${g.id}, ${g.clientId}, ${g.merchantId}, ${g.userId}, ${g.mode}, ${JSON.stringify(g.scopes)}::jsonb, ${g.createdAt})`);
  }

  async findGrant(id: string): Promise<ConnectorGrant | null> {
    const [r] = await this.exec(sql<GrantRow>`select g.id, g.client_id, g.merchant_id, g.user_id, g.mode, g.scopes, g.created_at, g.revoked_at, c.name as client_name
       from oauth_grants g join oauth_clients c on c.id = g.client_id where g.id = ${id}`);
    return r ? grantOf(r) : null;
  }

  async listGrants(merchantId: string, userId: string): Promise<ConnectorGrant[]> {
    const rows = await this.exec(sql<GrantRow>`select g.id, g.client_id, g.merchant_id, g.user_id, g.mode, g.scopes, g.created_at, g.revoked_at, c.name as client_name
       from oauth_grants g join oauth_clients c on c.id = g.client_id
       where g.merchant_id = ${merchantId} and g.user_id = ${userId} order by g.created_at desc, g.id desc limit 100`);
    return rows.map(grantOf);
  }

  async revokeGrant(id: string, now: Date): Promise<boolean> {
    const rows = await this.exec(sql`update oauth_grants set revoked_at = ${now} where id = ${id} and revoked_at is null returning id`);
    return rows.length === 1;
  }

  async insertToken(tokenHash: string, t: Omit<ConnectorToken, 'usedAt'>, createdAt: Date): Promise<void> {
    await this.exec(sql`insert into oauth_tokens (token_hash, grant_id, kind, code_challenge, redirect_uri, created_at, expires_at)
       values (${tokenHash}, ${t.grantId}, ${t.kind}, ${t.codeChallenge}, ${t.redirectUri}, ${createdAt}, ${t.expiresAt})`);
  }

  async findToken(tokenHash: string): Promise<ConnectorToken | null> {
    const [r] = await this.exec(sql<Row<'oauth_tokens'>>`select grant_id, kind, code_challenge, redirect_uri, expires_at, used_at from oauth_tokens where token_hash = ${tokenHash}`);
    if (!r) return null;
    return {
      grantId: r.grant_id,
      kind: r.kind as ConnectorToken['kind'],
      codeChallenge: r.code_challenge,
      redirectUri: r.redirect_uri,
      expiresAt: new Date(r.expires_at),
      usedAt: r.used_at ? new Date(r.used_at) : null,
    };
  }

  async useToken(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.exec(sql`update oauth_tokens set used_at = ${now} where token_hash = ${tokenHash} and used_at is null returning token_hash`);
    return rows.length === 1;
  }

  async deleteExpiredTokens(now: Date, limit: number): Promise<number> {
    const [row] = await this.exec(sql<{ n: number }>`with expired as (
         delete from oauth_tokens where token_hash in (select token_hash from oauth_tokens where expires_at <= ${now} limit ${limit}) returning 1
       ) select count(*)::int as n from expired`);
    return row?.n ?? 0;
  }
}

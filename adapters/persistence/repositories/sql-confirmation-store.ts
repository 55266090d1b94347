import { sql, type RawBuilder } from 'kysely';
import type { ConfirmationStore } from '../../../application/ports/confirmation-store.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { IssuedConfirmation } from '../../../domain/assistant/confirmation.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type ConfirmationRow = Pick<Row<'assistant_confirmations'>, 'caller_id' | 'tool' | 'args_digest' | 'state_digest' | 'expires_at' | 'used_at'>;

/** `assistant_confirmations` in plain SQL; using a token is one conditional update, so it confirms one call. */
export class SqlConfirmationStore implements ConfirmationStore {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(tenant: Tenant, tokenHash: string, c: IssuedConfirmation, createdAt: Date): Promise<void> {
    await this.exec(sql`insert into assistant_confirmations (token_hash, merchant_id, mode, caller_id, tool, args_digest, state_digest, created_at, expires_at)
       values (${tokenHash}, ${tenant.merchantId}, ${tenant.mode}, ${c.callerId}, ${c.tool}, ${c.argsDigest}, ${c.stateDigest}, ${createdAt}, ${c.expiresAt})`);
  }

  async find(tenant: Tenant, tokenHash: string): Promise<IssuedConfirmation | null> {
    const [row] = await this.exec(sql<ConfirmationRow>`select caller_id, tool, args_digest, state_digest, expires_at, used_at from assistant_confirmations
       where token_hash = ${tokenHash} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    if (!row) return null;
    return { callerId: row.caller_id, tool: row.tool, argsDigest: row.args_digest, stateDigest: row.state_digest, expiresAt: new Date(row.expires_at), usedAt: row.used_at ? new Date(row.used_at) : null };
  }

  async use(tenant: Tenant, tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.exec(sql`update assistant_confirmations set used_at = ${now}
       where token_hash = ${tokenHash} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and used_at is null returning token_hash`);
    return rows.length === 1;
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    const [row] = await this.exec(sql<{ n: number }>`with expired as (
         delete from assistant_confirmations where token_hash in (select token_hash from assistant_confirmations where expires_at <= ${now} limit ${limit}) returning 1
       ) select count(*)::int as n from expired`);
    return row?.n ?? 0;
  }
}

import { sql } from 'kysely';
import type {
  ClaimOutcome,
  ClaimTimes,
  IdempotencyRecords,
  IdempotencyScope,
  StoredResponse,
} from '../../../application/ports/idempotency-records.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type RecordRow = Pick<Row<'idempotency_keys'>, 'fingerprint' | 'status' | 'content_type' | 'body' | 'lease_until' | 'expires_at'>;

const scopeOf = (s: IdempotencyScope) => sql`merchant_id = ${s.merchantId} and mode = ${s.mode} and api_key_id = ${s.apiKeyId} and idempotency_key = ${s.key}`;

const outcomeOf = (row: RecordRow, fingerprint: string): ClaimOutcome => {
  if (row.fingerprint !== fingerprint) return { kind: 'reused' };
  if (row.status === null) return { kind: 'in_progress' };
  return { kind: 'completed', response: { status: row.status, contentType: row.content_type, body: row.body ?? '' } };
};

/**
 * `idempotency_keys`, outside any transaction: the claim commits before the request runs, so a
 * parallel duplicate sees it at once. One upsert claims a free key, or takes over an expired record
 * or a lapsed claim of the same request.
 */
export class SqlIdempotencyRecords implements IdempotencyRecords {
  constructor(private readonly orm: Orm) {}

  async claim(scope: IdempotencyScope, fingerprint: string, times: ClaimTimes): Promise<ClaimOutcome> {
    const db = currentDb(this.orm);
    const { rows: claimed } = await sql<{ claimed: number }>`insert into idempotency_keys as k
         (merchant_id, mode, api_key_id, idempotency_key, fingerprint, status, content_type, body, created_at, lease_until, expires_at)
       values (${scope.merchantId}, ${scope.mode}, ${scope.apiKeyId}, ${scope.key}, ${fingerprint}, null, null, null, ${times.now}, ${times.leaseUntil},
         ${times.expiresAt})
       on conflict (merchant_id, mode, api_key_id, idempotency_key) do update
         set fingerprint = excluded.fingerprint, status = null, content_type = null, body = null,
             created_at = excluded.created_at, lease_until = excluded.lease_until, expires_at = excluded.expires_at
         where k.expires_at <= excluded.created_at
            or (k.status is null and k.lease_until <= excluded.created_at and k.fingerprint = excluded.fingerprint)
       returning 1 as claimed`.execute(db);
    if (claimed.length > 0) return { kind: 'claimed' };
    const {
      rows: [row],
    } = await sql<RecordRow>`select fingerprint, status, content_type, body, lease_until, expires_at from idempotency_keys where ${scopeOf(scope)}`.execute(db);
    // Released between the two statements: the caller's next attempt claims it.
    return row ? outcomeOf(row, fingerprint) : { kind: 'in_progress' };
  }

  async complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    await sql`update idempotency_keys set status = ${response.status}, content_type = ${response.contentType}, body = ${response.body}
      where ${scopeOf(scope)} and status is null`.execute(currentDb(this.orm));
  }

  async release(scope: IdempotencyScope): Promise<void> {
    await sql`delete from idempotency_keys where ${scopeOf(scope)} and status is null`.execute(currentDb(this.orm));
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`with expired as (
         delete from idempotency_keys where ctid in (select ctid from idempotency_keys where expires_at <= ${now} limit ${limit}) returning 1
       ) select count(*)::int as n from expired`.execute(currentDb(this.orm));
    return rows[0]?.n ?? 0;
  }
}

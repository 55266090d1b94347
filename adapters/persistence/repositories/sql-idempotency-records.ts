import type {
  ClaimOutcome,
  ClaimTimes,
  IdempotencyRecords,
  IdempotencyScope,
  StoredResponse,
} from '../../../application/ports/idempotency-records.js';
import { currentEm, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type RecordRow = Pick<Row<'idempotency_keys'>, 'fingerprint' | 'status' | 'content_type' | 'body' | 'lease_until' | 'expires_at'>;

const SCOPE = `merchant_id = ? and mode = ? and api_key_id = ? and idempotency_key = ?`;
const scopeParams = (s: IdempotencyScope) => [s.merchantId, s.mode, s.apiKeyId, s.key];

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
    const em = currentEm(this.orm);
    const claimed = await em.execute<{ claimed: number }[]>(
      `insert into idempotency_keys as k
         (merchant_id, mode, api_key_id, idempotency_key, fingerprint, status, content_type, body, created_at, lease_until, expires_at)
       values (?, ?, ?, ?, ?, null, null, null, ?, ?, ?)
       on conflict (merchant_id, mode, api_key_id, idempotency_key) do update
         set fingerprint = excluded.fingerprint, status = null, content_type = null, body = null,
             created_at = excluded.created_at, lease_until = excluded.lease_until, expires_at = excluded.expires_at
         where k.expires_at <= excluded.created_at
            or (k.status is null and k.lease_until <= excluded.created_at and k.fingerprint = excluded.fingerprint)
       returning 1 as claimed`,
      [...scopeParams(scope), fingerprint, times.now, times.leaseUntil, times.expiresAt],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = await em.execute<RecordRow[]>(
      `select fingerprint, status, content_type, body, lease_until, expires_at from idempotency_keys where ${SCOPE}`,
      scopeParams(scope),
    );
    // Released between the two statements: the caller's next attempt claims it.
    return row ? outcomeOf(row, fingerprint) : { kind: 'in_progress' };
  }

  async complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    await currentEm(this.orm).execute(`update idempotency_keys set status = ?, content_type = ?, body = ? where ${SCOPE} and status is null`, [
      response.status,
      response.contentType,
      response.body,
      ...scopeParams(scope),
    ]);
  }

  async release(scope: IdempotencyScope): Promise<void> {
    await currentEm(this.orm).execute(`delete from idempotency_keys where ${SCOPE} and status is null`, scopeParams(scope));
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    const rows = await currentEm(this.orm).execute<{ n: number }[]>(
      `with expired as (
         delete from idempotency_keys where ctid in (select ctid from idempotency_keys where expires_at <= ? limit ?) returning 1
       ) select count(*)::int as n from expired`,
      [now, limit],
    );
    return rows[0]?.n ?? 0;
  }
}

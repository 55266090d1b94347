import type { Admission, AdmissionRequest, ApiKeyAdmission } from '../../application/ports/api-key-admission.js';
import type { Plan } from '../../domain/index.js';
import { KEY_COLUMNS, keyWithMerchantFromRow, MERCHANT_COLUMNS, type KeyWithMerchantRow } from '../persistence/mappers/api-key-with-merchant.mapper.js';
import { poolDb, type Orm } from '../persistence/orm.js';
import { runSql } from '../persistence/run-sql.js';
import { admitted, countRequestSql, refused, windowValues } from './window-count.sql.js';

interface AdmissionRow extends KeyWithMerchantRow {
  verified: boolean;
  counted_start: string | null;
  counted_current: number | null;
  counted_previous: number | null;
  stored_start: string | null;
  stored_current: number | null;
  stored_previous: number | null;
}

const ADMIT = `
  with k as (
    select ${KEY_COLUMNS}, ${MERCHANT_COLUMNS},
      (k.secret_hash = $2 and k.mode = $3 and k.revoked_at is null) as verified,
      $4::text || k.merchant_id as bucket,
      ($5::jsonb ->> m.plan)::bigint as rate_limit
    from api_keys k join merchants m on m.id = k.merchant_id
    where k.lookup = $1
  ), counted as (
    ${countRequestSql('select bucket from k where verified', 'select rate_limit from k', 6)}
  )
  select k.*, c.window_start as counted_start, c.current_count as counted_current, c.previous_count as counted_previous,
    s.window_start as stored_start, s.current_count as stored_current, s.previous_count as stored_previous
  from k left join counted c on true left join rate_limit_windows s on s.bucket = k.bucket`;

export const admissionValues = (request: AdmissionRequest): unknown[] => [
  request.lookup,
  request.secretHash,
  request.mode,
  request.bucketPrefix,
  limitsJson(request.limitsByPlan),
  ...windowValues(request.now),
];

// The limits are one constant table in practice: serialised once, not on every request.
const serialised = new WeakMap<object, string>();
const limitsJson = (limits: AdmissionRequest['limitsByPlan']): string => {
  let json = serialised.get(limits);
  if (json === undefined) {
    json = JSON.stringify(limits);
    serialised.set(limits, json);
  }
  return json;
};

/**
 * One statement: read the key with its merchant; when the presented secret's hash, the mode and the
 * revocation check all pass, count the request in the merchant's window (the same upsert as
 * `PostgresRateLimiter`); and return the window as it was before (every part of one statement sees
 * the same snapshot), from which a refusal's headers are computed. The application still verifies the
 * secret in constant time; the hash equality here only decides whether to count.
 */
export class PostgresApiKeyAdmission implements ApiKeyAdmission {
  constructor(private readonly orm: Orm) {}

  async admit(request: AdmissionRequest): Promise<Admission> {
    // On the pool, outside any surrounding transaction: the limiter's row lock must not be held for a whole request.
    const rows = await runSql<AdmissionRow>(poolDb(this.orm), ADMIT, admissionValues(request));
    const row = rows[0];
    if (!row) return { found: null, decision: null };
    const found = keyWithMerchantFromRow(row);
    if (!row.verified) return { found, decision: null };
    const limit = request.limitsByPlan[found.merchant.plan as Plan];
    const decision =
      row.counted_start !== null
        ? admitted({ window_start: row.counted_start, current_count: row.counted_current!, previous_count: row.counted_previous! }, request.now, limit)
        : refused(
            row.stored_start !== null
              ? { window_start: row.stored_start, current_count: row.stored_current!, previous_count: row.stored_previous! }
              : null,
            request.now,
            limit,
          );
    return { found, decision };
  }
}

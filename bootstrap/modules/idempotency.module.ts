import { ForgetExpiredIdempotencyKeys } from '../../application/idempotency/forget-expired-idempotency-keys.js';
import { IdempotencyGate } from '../../application/idempotency/idempotency-gate.js';
import { SqlIdempotencyRecords } from '../../adapters/persistence/repositories/sql-idempotency-records.js';
import type { Container } from '../token.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Idempotency keys on `POST`: their records, the gate the HTTP middleware asks, and the expiry job. */
export const registerIdempotency = (c: Container): void => {
  c.register(T.IdempotencyRecords, single((r) => new SqlIdempotencyRecords(r.resolve(T.Orm))));
  c.register(
    T.IdempotencyGate,
    single((r) => new IdempotencyGate(r.resolve(T.IdempotencyRecords), r.resolve(T.Clock), { waitMs: r.resolve(T.Config).idempotencyWaitMs, pollMs: 25 })),
  );
  c.register(T.ForgetExpiredIdempotencyKeys, single((r) => new ForgetExpiredIdempotencyKeys(r.resolve(T.IdempotencyRecords))));
  c.register(T.Job, single((r) => r.resolve(T.ForgetExpiredIdempotencyKeys)));
};

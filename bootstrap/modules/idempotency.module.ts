import type { DependencyContainer } from 'tsyringe';
import { ForgetExpiredIdempotencyKeys } from '../../application/idempotency/forget-expired-idempotency-keys.js';
import { IdempotencyGate } from '../../application/idempotency/idempotency-gate.js';
import type { JobRegistry } from '../../application/ports/jobs.js';
import { SqlIdempotencyRecords } from '../../adapters/persistence/repositories/sql-idempotency-records.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Idempotency keys on `POST`: their records, the gate the HTTP middleware asks, and the expiry job. */
export const registerIdempotency = (c: DependencyContainer): void => {
  c.register(T.IdempotencyRecords, single((r) => new SqlIdempotencyRecords(r.resolve(T.Orm))));
  c.register(
    T.IdempotencyGate,
    single((r) => new IdempotencyGate(r.resolve(T.IdempotencyRecords), r.resolve(T.Clock), { waitMs: r.resolve<ServiceConfig>(T.Config).idempotencyWaitMs, pollMs: 25 })),
  );
  c.register(T.ForgetExpiredIdempotencyKeys, single((r) => new ForgetExpiredIdempotencyKeys(r.resolve(T.IdempotencyRecords))));
  c.resolve<JobRegistry>(T.JobRegistry).register(c.resolve(T.ForgetExpiredIdempotencyKeys));
};

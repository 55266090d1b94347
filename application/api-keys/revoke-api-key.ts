import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { ApiKeyRepository } from '../ports/api-key-repository.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';

export class RevokeApiKey {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  /** Idempotent: revoking a revoked key answers the same. `merchantId`: only that merchant's key (the dashboard); another's is not found. */
  execute(keyId: string, merchantId?: string): Promise<Result<{ id: string; revoked: true }, DomainError>> {
    return this.uow.transaction(async () => {
      const key = await this.keys.findById(keyId);
      if (!key || (merchantId !== undefined && key.merchantId !== merchantId)) return err(notFound('API key'));
      if (!key.revokedAt) await this.keys.markRevoked(key.id, this.clock.now());
      return ok({ id: key.id, revoked: true as const });
    });
  }
}

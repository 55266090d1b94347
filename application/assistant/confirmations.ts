import { ok, type Result } from 'neverthrow';
import { checkConfirmation, confirmationExpiry, type ConfirmationTerms } from '../../domain/assistant/confirmation.js';
import type { DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { ConfirmationStore } from '../ports/confirmation-store.js';
import type { Tenant } from '../shared/tenant.js';
import { hashSecretToken, randomSecret } from '../web-sessions/secret-token.js';

/**
 * Preview, then confirm: a money move's first call gets a token bound to its caller, its arguments
 * and the previewed rows' state; the second call presents it, once, within ten minutes of the
 * service clock. Only the token's hash is stored.
 */
export class Confirmations {
  constructor(
    private readonly store: ConfirmationStore,
    private readonly clock: Clock,
  ) {}

  async issue(tenant: Tenant, terms: ConfirmationTerms): Promise<{ token: string; expiresAt: Date }> {
    const now = this.clock.now();
    const token = randomSecret();
    const expiresAt = confirmationExpiry(now);
    await this.store.insert(tenant, hashSecretToken(token), { ...terms, expiresAt, usedAt: null }, now);
    return { token, expiresAt };
  }

  /** Spends the token for this call, or says why it does not confirm it. */
  async redeem(tenant: Tenant, token: string, terms: ConfirmationTerms): Promise<Result<void, DomainError>> {
    const now = this.clock.now();
    const hash = hashSecretToken(token);
    const checked = checkConfirmation(await this.store.find(tenant, hash), terms, now);
    if (checked.isErr()) return checked;
    // Of two calls presenting the same token at once, one spends it.
    if (!(await this.store.use(tenant, hash, now))) return checkConfirmation({ ...terms, expiresAt: confirmationExpiry(now), usedAt: now }, terms, now);
    return ok(undefined);
  }
}


import { err, ok, type Result } from 'neverthrow';
import {
  changePayoutSettings,
  parseProviderCredentials,
  type DomainError,
  type PayoutMethod,
  type PayoutSettings,
  type PayoutSettingsPatch,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { ConfiguredPayoutProvider, PayoutCredentialStore } from '../ports/payout-credential-store.js';
import type { PayoutSettingsRepository } from '../ports/payout-settings-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';

/**
 * What a merchant configures about paying out, per mode: the providers' credentials (write-only: they
 * are never read back through here) and the payout settings.
 */
export class PayoutConfiguration {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly credentials: PayoutCredentialStore,
    private readonly settings: PayoutSettingsRepository,
    private readonly clock: Clock,
  ) {}

  saveCredentials(tenant: Tenant, method: PayoutMethod, input: Record<string, unknown>): Promise<Result<ConfiguredPayoutProvider, DomainError>> {
    const parsed = parseProviderCredentials(method, tenant.mode, input);
    if (parsed.isErr()) return Promise.resolve(err(parsed.error));
    return this.uow.transaction(async () => ok(await this.credentials.save(tenant, parsed.value, this.clock.now())));
  }

  listProviders(tenant: Tenant): Promise<readonly ConfiguredPayoutProvider[]> {
    return this.uow.transaction(() => this.credentials.list(tenant));
  }

  removeCredentials(tenant: Tenant, method: PayoutMethod): Promise<Result<void, DomainError>> {
    return this.uow.transaction(async () => ((await this.credentials.remove(tenant, method)) ? ok(undefined) : err(notFound('Payout provider'))));
  }

  getSettings(tenant: Tenant): Promise<PayoutSettings> {
    return this.uow.transaction(() => this.settings.get(tenant));
  }

  changeSettings(tenant: Tenant, patch: PayoutSettingsPatch): Promise<Result<PayoutSettings, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const changed = changePayoutSettings(await this.settings.getForUpdate(tenant), patch, this.clock.now());
      if (changed.isErr()) return err(changed.error);
      await this.settings.save(tenant, changed.value);
      return ok(changed.value);
    });
  }
}

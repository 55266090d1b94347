import { changeRiskSettings, type DomainError, type RiskSettings, type RiskSettingsPatch } from '../../domain/index.js';
import type { Result } from 'neverthrow';
import type { Clock } from '../ports/clock.js';
import type { RiskSettingsRepository } from '../ports/risk-settings-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';

/** `GET`/`PATCH /risk/settings`: what each risk signal does, its thresholds, and the script-sale rules. */
export class RiskRules {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: RiskSettingsRepository,
    private readonly clock: Clock,
  ) {}

  get(tenant: Tenant): Promise<RiskSettings> {
    return this.settings.get(tenant);
  }

  /** A partial change, checked by the domain; an invalid field changes nothing. */
  change(tenant: Tenant, patch: RiskSettingsPatch): Promise<Result<RiskSettings, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.settings.getForUpdate(tenant);
      const next = changeRiskSettings(current, patch, this.clock.now());
      if (next.isOk()) await this.settings.save(tenant, next.value);
      return next;
    });
  }
}

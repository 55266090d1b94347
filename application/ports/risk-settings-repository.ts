import type { RiskSettings } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** Each merchant's risk rules per mode; the defaults when none were saved. */
export interface RiskSettingsRepository {
  get(tenant: Tenant): Promise<RiskSettings>;
  /** Locked for a change (the defaults when none were saved). */
  getForUpdate(tenant: Tenant): Promise<RiskSettings>;
  save(tenant: Tenant, settings: RiskSettings): Promise<void>;
}

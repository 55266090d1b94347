import type { PayoutSettings } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** Each merchant's payout settings per mode; the defaults when none were saved. */
export interface PayoutSettingsRepository {
  get(tenant: Tenant): Promise<PayoutSettings>;
  /** Locked for a change (the defaults when none were saved). */
  getForUpdate(tenant: Tenant): Promise<PayoutSettings>;
  save(tenant: Tenant, settings: PayoutSettings): Promise<void>;
}

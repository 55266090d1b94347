import type { CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * What an affiliate owes back in one currency (clawbacks: refunds of sales already paid), less what
 * earlier payments netted already (their `clawback`, unless they failed). Never negative.
 */
export interface PayoutAdjustments {
  owed(tenant: Tenant, affiliateId: string, currency: CurrencyCode): Promise<Decimal>;
}

import type { Decimal, Plan } from '../../domain/index.js';

/** Operator input for a merchant, already shape-checked by the HTTP schema. */
export interface MerchantFields {
  readonly businessName: string;
  readonly email: string;
  readonly plan: Plan;
  readonly customDomain: string | null;
  readonly automaticPayouts: boolean;
  readonly monthlyEarningsCap: Decimal | null;
  readonly affiliateLimit: number | null;
  readonly payoutHoldingDays: number;
  readonly invitationExpiryDays: number;
}

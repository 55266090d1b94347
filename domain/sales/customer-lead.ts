import { err, ok, type Result } from 'neverthrow';
import { COUPON_PROVIDERS, type CouponProvider } from '../coupon/coupon.js';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** Who linked a customer to an affiliate: the merchant's page, a server-side call, or a payment provider. */
export const LEAD_SOURCES = ['tracking_script', 'api', ...COUPON_PROVIDERS] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface LeadIdentity {
  readonly email: string | null;
  readonly provider: CouponProvider | null;
  readonly providerCustomerId: string | null;
}

/**
 * The one name a tenant knows a customer by: the provider's customer id when there is one (a
 * provider names its customer the same way every time), else the email, lower-cased. A customer
 * without either cannot be told apart from anyone: refused.
 */
export const customerKeyOf = (identity: LeadIdentity): Result<string, DomainError> => {
  if (identity.providerCustomerId !== null) {
    if (identity.provider === null) return err(validationError('provider', 'is required with a provider customer id'));
    return ok(`${identity.provider}:${identity.providerCustomerId}`);
  }
  if (identity.email !== null) return ok(`email:${identity.email.trim().toLowerCase()}`);
  return err(validationError('email', 'or a provider customer id is required to know the customer by'));
};

import type { ApiKeyWithMerchant } from '../../../application/ports/api-key-repository.js';
import { apiKeyToDomain } from './api-key.mapper.js';
import { merchantToDomain } from './merchant.mapper.js';
import type { ApiKeyRecord } from '../records/api-key.record.js';
import type { MerchantRecord } from '../records/merchant.record.js';

/** The columns of a key joined with its merchant (`k`, `m`), as every key lookup reads them. */
export const KEY_COLUMNS = `k.id, k.merchant_id, k.name, k.mode, k.can_write, k.created_by, k.manage_payouts, k.lookup,
  k.secret_hash, k.created_at, k.revoked_at`;
export const MERCHANT_COLUMNS = `m.business_name, m.email, m.plan, m.custom_domain, m.automatic_payouts,
  m.monthly_earnings_cap, m.affiliate_limit, m.payout_holding_days, m.invitation_expiry_days, m.created_at as m_created_at, m.updated_at as m_updated_at`;

export interface KeyWithMerchantRow {
  id: string;
  merchant_id: string;
  name: string;
  mode: string;
  can_write: boolean;
  created_by: string;
  manage_payouts: boolean;
  lookup: string;
  secret_hash: string;
  created_at: Date;
  revoked_at: Date | null;
  business_name: string;
  email: string;
  plan: string;
  custom_domain: string | null;
  automatic_payouts: boolean;
  monthly_earnings_cap: string | null;
  affiliate_limit: number | null;
  payout_holding_days: number;
  invitation_expiry_days: number;
  m_created_at: Date;
  m_updated_at: Date;
}

export const keyWithMerchantFromRow = (row: KeyWithMerchantRow): ApiKeyWithMerchant => {
  const key = apiKeyToDomain({
    id: row.id,
    merchantId: row.merchant_id,
    name: row.name,
    mode: row.mode,
    canWrite: row.can_write,
    createdBy: row.created_by,
    managePayouts: row.manage_payouts,
    lookup: row.lookup,
    secretHash: row.secret_hash,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
  } as ApiKeyRecord);
  const merchant = merchantToDomain({
    id: row.merchant_id,
    businessName: row.business_name,
    email: row.email,
    plan: row.plan,
    customDomain: row.custom_domain,
    automaticPayouts: row.automatic_payouts,
    monthlyEarningsCap: row.monthly_earnings_cap,
    affiliateLimit: row.affiliate_limit,
    payoutHoldingDays: row.payout_holding_days,
    invitationExpiryDays: row.invitation_expiry_days,
    createdAt: new Date(row.m_created_at),
    updatedAt: new Date(row.m_updated_at),
  } as MerchantRecord);
  return { key, merchant };
};

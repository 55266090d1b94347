import type { ApiKeyWithMerchant } from '../../../application/ports/api-key-repository.js';
import { apiKeyToDomain, type ApiKeyRow } from './api-key.mapper.js';
import { merchantToDomain, type MerchantRow } from './merchant.mapper.js';

/** The columns of a key joined with its merchant (`k`, `m`), as every key lookup reads them. */
export const KEY_COLUMNS = `k.id, k.merchant_id, k.name, k.mode, k.can_write, k.created_by, k.manage_payouts, k.lookup,
  k.secret_hash, k.created_at, k.revoked_at`;
export const MERCHANT_COLUMNS = `m.business_name, m.email, m.plan, m.custom_domain, m.automatic_payouts,
  m.monthly_earnings_cap, m.reporting_currency, m.affiliate_limit, m.payout_holding_days, m.invitation_expiry_days, m.created_at as m_created_at, m.updated_at as m_updated_at`;

/** The key's row and its merchant's, whose id is the key's `merchant_id` and whose times carry an `m_` prefix. */
export type KeyWithMerchantRow = ApiKeyRow &
  Omit<MerchantRow, 'id' | 'created_at' | 'updated_at'> & { m_created_at: MerchantRow['created_at']; m_updated_at: MerchantRow['updated_at'] };

export const keyWithMerchantFromRow = (row: KeyWithMerchantRow): ApiKeyWithMerchant => ({
  key: apiKeyToDomain(row),
  merchant: merchantToDomain({ ...row, id: row.merchant_id, created_at: row.m_created_at, updated_at: row.m_updated_at }),
});

import { boolean, integer, jsonb, numeric, table, text, timestamptz, uuid } from './columns.js';

export const payouts = table('payouts', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  conversion_id: uuid(),
  campaign_id: uuid(),
  affiliate_id: uuid(),
  amount: numeric(),
  currency: text(),
  status: text(),
  scheduled_date: timestamptz(),
  attempts: integer(),
  last_attempt_at: timestamptz().orNull(),
  completed_at: timestamptz().orNull(),
  card_payment_id: text().orNull(),
  failure_reason: text().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  version: integer(),
  payout_method: text().orNull(),
  provider_reference: text().orNull(),
  next_check_at: timestamptz().orNull(),
  failed_attempts: integer(),
  payment_id: uuid().orNull(),
});

export const payoutPayments = table('payout_payments', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  method: text(),
  currency: text(),
  gross: numeric(),
  bonus: numeric(),
  clawback: numeric(),
  amount: numeric(),
  destination: text().orNull(),
  status: text(),
  provider_reference: text().orNull(),
  card_payment_id: text().orNull(),
  failure_reason: text().orNull(),
  retryable: boolean(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
});

export const payoutProviderCredentials = table('payout_provider_credentials', {
  merchant_id: uuid(),
  mode: text(),
  method: text(),
  sealed: text(),
  key_id: text(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
});

export const payoutSettings = table('payout_settings', {
  merchant_id: uuid(),
  mode: text(),
  payout_day: integer().orNull(),
  minimum_payouts: jsonb(),
  updated_at: timestamptz(),
});

export const affiliateConnectedAccounts = table('affiliate_connected_accounts', {
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  account_id: text(),
  payouts_enabled: boolean(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
});

export const sandboxPayoutTransfers = table('sandbox_payout_transfers', {
  id: text(),
  idempotency_key: text(),
  payout_id: uuid(),
  method: text(),
  merchant_id: uuid(),
  mode: text(),
  destination: text(),
  amount: numeric(),
  currency: text(),
  status: text(),
  failure_reason: text().orNull(),
  retryable: boolean(),
  payment_id: text().orNull(),
  settles_at: timestamptz().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
});

export const payoutDetailsReminders = table('payout_details_reminders', {
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  sent_at: timestamptz(),
});

export const affiliateTaxDetails = table('affiliate_tax_details', {
  id: uuid(),
  merchant_id: uuid(),
  affiliate_id: uuid(),
  version: integer(),
  country: text(),
  form: text(),
  summary: jsonb(),
  sealed: text(),
  key_id: text(),
  created_at: timestamptz(),
});

export const taxSettings = table('tax_settings', {
  merchant_id: uuid(),
  mode: text(),
  requirement: text(),
  threshold: numeric().orNull(),
  threshold_currency: text().orNull(),
  updated_at: timestamptz(),
  invoice_vat_rule: text(),
  invoice_vat_rate: numeric().orNull(),
  issuer_name: text().orNull(),
  issuer_address: text().orNull(),
  issuer_vat_id: text().orNull(),
});

export const invoiceCounters = table('invoice_counters', {
  merchant_id: uuid(),
  mode: text(),
  kind: text(),
  last_sequence: integer(),
});

export const invoices = table('invoices', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  kind: text(),
  sequence: integer(),
  number: text(),
  issue_date: text(),
  currency: text(),
  total: numeric(),
  source_kind: text(),
  source_id: uuid(),
  corrects_id: uuid().orNull(),
  document: jsonb(),
  created_at: timestamptz(),
});

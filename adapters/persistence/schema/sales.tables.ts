import { bigint, boolean, integer, jsonb, numeric, table, text, timestamptz, uuid } from './columns.js';

export const conversions = table('conversions', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  campaign_id: uuid(),
  affiliate_id: uuid(),
  amount: numeric(),
  tax_amount: numeric().orNull(),
  commission: numeric(),
  currency: text(),
  status: text(),
  conversion_type: text(),
  source: text(),
  order_id: text().orNull(),
  click_id: text().orNull(),
  customer_email: text().orNull(),
  customer_name: text().orNull(),
  parent_conversion_id: uuid().orNull(),
  refunded_amount: numeric().orNull(),
  payout_method: text().orNull(),
  payout_date: timestamptz().orNull(),
  card_transfer_id: text().orNull(),
  approved_at: timestamptz().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  version: integer(),
  original_commission: numeric(),
  held_from: text().orNull(),
  commission_rule: text().orNull(),
  commission_rate_type: text().orNull(),
  commission_rate_value: numeric().orNull(),
});

export const commissionAdjustments = table('commission_adjustments', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  conversion_id: uuid(),
  currency: text(),
  amount: numeric(),
  refunded_sale: numeric(),
  created_at: timestamptz(),
});

export const integrations = table('integrations', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  provider: text(),
  name: text().orNull(),
  signing_secret: text().orNull(),
  bundle_id: text().orNull(),
  app_apple_id: bigint().orNull(),
  active: boolean(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  deleted_at: timestamptz().orNull(),
});

export const integrationEvents = table('integration_events', {
  id: uuid(),
  integration_id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  provider_event_id: text(),
  type: text(),
  received_at: timestamptz(),
  outcome: text(),
  reason: text().orNull(),
  error_code: text().orNull(),
  conversion_id: uuid().orNull(),
  payload: jsonb().orNull(),
  /** A refused provider sale, as the neutral sale fact, kept for the merchant's replay. */
  replay_fact: jsonb().orNull(),
});

/** Which event holds the effect of a provider event id, for all time (the log itself is dropped by month). */
export const integrationEventKeys = table('integration_event_keys', {
  integration_id: uuid(),
  provider_event_id: text(),
  event_id: uuid(),
  received_at: timestamptz(),
});

export const providerCustomers = table('provider_customers', {
  merchant_id: uuid(),
  mode: text(),
  provider: text(),
  provider_customer_id: text(),
  affiliate_id: uuid(),
  campaign_id: uuid(),
  click_id: text().orNull(),
  email: text().orNull(),
  first_conversion_id: uuid().orNull(),
  linked_at: timestamptz(),
});

export const providerPaymentRefs = table('provider_payment_refs', {
  merchant_id: uuid(),
  mode: text(),
  provider: text(),
  reference: text(),
  order_id: text(),
});

export const integrationSignatureRejections = table('integration_signature_rejections', {
  integration_id: uuid(),
  consecutive: integer(),
  noticed: boolean(),
  last_rejected_at: timestamptz(),
});

export const customers = table('customers', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  customer_key: text(),
  email: text().orNull(),
  provider: text().orNull(),
  provider_customer_id: text().orNull(),
  affiliate_id: uuid(),
  campaign_id: uuid(),
  click_id: text().orNull(),
  source: text(),
  created_at: timestamptz(),
});

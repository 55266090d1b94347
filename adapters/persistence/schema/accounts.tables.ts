import { bigint, boolean, date, integer, jsonb, numeric, table, text, timestamptz, uuid } from './columns.js';

export const merchants = table('merchants', {
  id: uuid(),
  business_name: text(),
  email: text(),
  plan: text(),
  custom_domain: text().orNull(),
  automatic_payouts: boolean(),
  monthly_earnings_cap: numeric().orNull(),
  reporting_currency: text(),
  affiliate_limit: integer().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  payout_holding_days: integer(),
  invitation_expiry_days: integer(),
  website_url: text().orNull(),
});

export const apiKeys = table('api_keys', {
  id: uuid(),
  merchant_id: uuid(),
  name: text(),
  mode: text(),
  can_write: boolean(),
  created_by: text(),
  manage_payouts: boolean(),
  lookup: text(),
  secret_hash: text(),
  created_at: timestamptz(),
  revoked_at: timestamptz().orNull(),
});

export const merchantUsers = table('merchant_users', {
  id: uuid(),
  merchant_id: uuid(),
  email: text(),
  role: text(),
  manage_payouts: boolean(),
  password_hash: text().orNull(),
  created_at: timestamptz(),
});

export const webSessions = table('web_sessions', {
  id_hash: text(),
  subject_kind: text(),
  subject_id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  csrf_token: text(),
  created_at: timestamptz(),
  expires_at: timestamptz(),
  visitor_hash: text().orNull(),
  address_hash: text().orNull(),
});

export const linkTokens = table('link_tokens', {
  token_hash: text(),
  purpose: text(),
  subject_kind: text(),
  subject_id: uuid(),
  merchant_id: uuid(),
  payload: jsonb().orNull(),
  created_at: timestamptz(),
  expires_at: timestamptz(),
  used_at: timestamptz().orNull(),
});

export const idempotencyKeys = table('idempotency_keys', {
  merchant_id: uuid(),
  mode: text(),
  api_key_id: uuid(),
  idempotency_key: text(),
  fingerprint: text(),
  status: integer().orNull(),
  content_type: text().orNull(),
  body: text().orNull(),
  created_at: timestamptz(),
  lease_until: timestamptz(),
  expires_at: timestamptz(),
});

export const auditLog = table('audit_log', {
  id: uuid(),
  actor: text(),
  api_key_id: uuid().orNull(),
  merchant_id: uuid().orNull(),
  method: text(),
  path: text(),
  status: integer(),
  error_code: text().orNull(),
  address: text().orNull(),
  user_agent: text().orNull(),
  request_id: text().orNull(),
  created_at: timestamptz(),
  count: integer(),
});

export const outboxEvents = table('outbox_events', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  type: text(),
  payload: jsonb(),
  occurred_at: timestamptz(),
  dispatched_at: timestamptz().orNull(),
});

export const notifications = table('notifications', {
  id: uuid(),
  merchant_id: uuid(),
  kind: text(),
  message: text(),
  created_at: timestamptz(),
  mode: text(),
  read_at: timestamptz().orNull(),
  once_key: text().orNull(),
});

export const mailOutbox = table('mail_outbox', {
  id: uuid(),
  merchant_id: uuid().orNull(),
  kind: text(),
  recipient: text(),
  subject: text(),
  body: text(),
  created_at: timestamptz(),
  sent_at: timestamptz().orNull(),
  html: text().orNull(),
  mode: text().orNull(),
  sensitive: boolean(),
  status: text(),
  attempts: integer(),
  next_attempt_at: timestamptz().orNull(),
  last_error: text().orNull(),
  provider_response: text().orNull(),
  provider_message_id: text().orNull(),
  updated_at: timestamptz(),
});

export const rateLimitWindows = table('rate_limit_windows', {
  bucket: text(),
  window_start: bigint(),
  current_count: integer(),
  previous_count: integer(),
});

export const serviceClock = table('service_clock', {
  id: integer(),
  offset_ms: bigint(),
});

export const serviceSecrets = table('service_secrets', {
  name: text(),
  value: text(),
});

export const exchangeRates = table('exchange_rates', {
  rate_date: date(),
  currency: text(),
  usd_per_unit: numeric(),
  source: text(),
});

export const exchangeRateFetches = table('exchange_rate_fetches', {
  day: date(),
  attempted_at: timestamptz(),
  rate_date: date().orNull(),
  error: text().orNull(),
});

export const assistantConfirmations = table('assistant_confirmations', {
  token_hash: text(),
  merchant_id: uuid(),
  mode: text(),
  caller_id: text(),
  tool: text(),
  args_digest: text(),
  state_digest: text(),
  created_at: timestamptz(),
  expires_at: timestamptz(),
  used_at: timestamptz().orNull(),
});

export const merchantSettings = table('merchant_settings', {
  merchant_id: uuid(),
  requested_domain: text().orNull(),
  domain_token: text().orNull(),
  domain_status: text().orNull(),
  domain_requested_at: timestamptz().orNull(),
  domain_checked_at: timestamptz().orNull(),
  brand_colour: text().orNull(),
  logo_data_url: text().orNull(),
  email_notices: jsonb<string[]>(),
  updated_at: timestamptz(),
});

export const oauthClients = table('oauth_clients', {
  id: uuid(),
  name: text(),
  redirect_uris: jsonb<string[]>(),
  created_at: timestamptz(),
});

export const oauthGrants = table('oauth_grants', {
  id: uuid(),
  client_id: uuid(),
  merchant_id: uuid(),
  user_id: uuid(),
  mode: text(),
  scopes: jsonb<string[]>(),
  created_at: timestamptz(),
  revoked_at: timestamptz().orNull(),
});

export const oauthTokens = table('oauth_tokens', {
  token_hash: text(),
  grant_id: uuid(),
  kind: text(),
  code_challenge: text().orNull(),
  redirect_uri: text().orNull(),
  created_at: timestamptz(),
  expires_at: timestamptz(),
  used_at: timestamptz().orNull(),
});

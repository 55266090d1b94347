import { API_VERSION } from '../middleware/request-context.js';

/** The documents' own words: each surface's description and each tag's. */

export const PUBLIC_DESCRIPTION = `A JSON REST API for an affiliate program: campaigns, affiliates, conversions (sales and the
commission they earn), coupons, payouts, teams, statistics and signed webhooks.

**Authentication.** Every operation takes \`Authorization: Bearer <API key>\`. Live keys
(\`svc_pk_live_…\`) see and change live data only; test keys (\`svc_pk_test_…\`) see and change test
data only, and test-key activity sends no webhooks. Each key is read-only or read-write; write keys
exist on the Ultimate and Scale plans.

**Envelopes.** Success: \`{ "data": … }\`, lists add \`"pagination": { page, limit, total, totalPages }\`
(\`page\` default 1, \`limit\` default 25, max 100). Errors: \`{ "error": { "code", "message", "details"? } }\`;
every error response below lists its possible \`code\` values, and \`400 validation_error\` carries
\`details: [{ field, message }]\`.

**Rate limits.** Per merchant and minute: Pro 60, Ultimate 300, Scale 1000 (\`POST /affiliates/invite\`:
also 10). Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`
(epoch seconds); a \`429\` adds \`Retry-After\` (seconds).

**Versioning.** The version is in the path (\`/api/v1\`) and in the \`X-API-Version\` header (\`${API_VERSION}\`) of
every response. Changes within v1 are additive.

**Money.** Amounts go in as JSON numbers in major units (dollars, not cents) and come back as decimal
strings in lists and as numbers where the spec says so; per-currency figures are never converted.

**Extensions.** Operations, fields and payloads marked \`x-extension: true\` go beyond the published
specification (they are stable parts of this service, but other implementations of the spec may lack them).

**Webhooks.** The \`webhooks\` section lists every event, its envelope \`{ event, data, timestamp, id }\`
and the \`X-Service-Signature\` header. \`affiliate-service/client\` exports \`verifyWebhookSignature\`.`;


export const ADMIN_DESCRIPTION = `The operator API (an extension of the spec): provisioning merchants and keys, the affiliate
portal stand-ins (sign-ups, payout details), refunds and holds, exchange rates, the test clock and
background jobs. Enabled only when the service runs with \`ADMIN_TOKEN\`; every call takes
\`Authorization: Bearer <ADMIN_TOKEN>\`. Same envelopes as the public API.`;


export const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: 'The calling key, its merchant, plan and rate-limit state.',
  Campaigns: 'Campaigns and their commission settings; create needs a live write key (Ultimate or Scale).',
  Affiliates: 'Affiliates, their memberships per campaign, invitations and tracking links.',
  Conversions: 'Sales and the commission they earn; approving or rejecting them.',
  Coupons: 'Coupon codes that attribute sales to affiliates.',
  Payouts: 'The payout queue (read-only).',
  Teams: 'Affiliate Teams, goals and bonus awards (Scale).',
  Statistics: 'Aggregate statistics and the monthly overview, in the key mode.',
  Search: 'Free-text search across campaigns, affiliates, coupons and conversions.',
  Webhooks: 'Outbound webhook subscriptions and their delivery log (Ultimate and Scale).',
  'Webhook events': 'What the service POSTs to your subscription URL.',
  Tracking: 'Public tracking links, the tracking script and its reports (no authentication).',
  Customers: 'Leads: customers linked to the affiliate who referred them (extension).',
  'Moving in and out': 'The whole program as portable CSV files in one zip, and imports from them (extension).',
  Service: 'Health and this document (no authentication).',
  Operator: 'Operator API (extension).',
};

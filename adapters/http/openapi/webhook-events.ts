import { z, type RouteConfig } from '@hono/zod-openapi';
import { AWARD_STATUSES, CONVERSION_STATUSES, MEMBERSHIP_STATUSES, PAYOUT_METHODS, TAX_FORM_KINDS } from '../../../domain/index.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhook/index.js';

/**
 * The outbound webhook events as OpenAPI 3.1 `webhooks`: the spec's envelope `{ event, data,
 * timestamp, id }` with each event's `data`. Payloads follow the producers: conversions
 * (domain/conversion/conversion.events.ts), memberships and payout details (docs/events.md), payouts
 * (domain/webhook/webhook-envelope.ts), bonuses (the spec's Bonus events), ping (webhook-envelope.ts).
 */

const money = (description: string) => z.string().openapi({ description: `${description}; a decimal string in the currency's minor unit`, example: '24.00' });
const iso = z.string().openapi({ description: 'ISO 8601', example: '2026-11-22T10:00:00.000Z' });

export const ConversionEventData = z
  .object({
    conversionId: z.string(),
    campaignId: z.string(),
    affiliateId: z.string(),
    amount: money('Sale amount (net when taxAmount is set)'),
    taxAmount: z.string().nullable().openapi({ description: 'Null unless commission is computed on the net sale; gross = amount + taxAmount' }),
    commission: money('Commission'),
    currency: z.string().openapi({ description: 'Lowercase ISO 4217 code', example: 'usd' }),
    status: z.enum(CONVERSION_STATUSES).openapi({ description: 'The status after the change' }),
  })
  .openapi('ConversionEventData');

export const MembershipEventData = z
  .object({
    affiliateId: z.string(),
    campaignId: z.string(),
    status: z.enum(MEMBERSHIP_STATUSES).openapi({ description: 'The join status (affiliate.joined) or the new status' }),
    previousStatus: z.enum(MEMBERSHIP_STATUSES).nullable().openapi({ description: 'null on affiliate.joined' }),
    joinedAt: iso,
  })
  .openapi('AffiliateMembershipEventData', { 'x-extension': true });

export const PayoutDetailsEventData = z
  .object({
    affiliateId: z.string(),
    payoutMethod: z.enum(PAYOUT_METHODS),
    payoutEmail: z.string().nullable().openapi({ description: 'null for connect; bank details are never sent' }),
    completedAt: iso,
  })
  .openapi('PayoutDetailsCompletedEventData', { 'x-extension': true });

export const TaxDetailsEventData = z
  .object({
    affiliateId: z.string(),
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2 country of tax residence' }),
    form: z.enum(TAX_FORM_KINDS),
    completedAt: iso,
  })
  .openapi('TaxDetailsCompletedEventData', { 'x-extension': true, description: 'Never a TIN, a name or a signature' });

export const PayoutEventData = z
  .object({
    payoutId: z.string(),
    conversionId: z.string(),
    campaignId: z.string(),
    affiliateId: z.string(),
    amount: money('Payout amount'),
    currency: z.string(),
    status: z.enum(['completed', 'failed']),
    payoutMethod: z.string().nullable(),
    scheduledDate: z.string().nullable(),
    attempts: z.number().int(),
    completedAt: z.string().nullable(),
    cardTransferId: z.string().nullable(),
    cardPaymentId: z.string().nullable(),
    failureReason: z.string().nullable().openapi({ description: 'null on payout.completed' }),
    payoutStatus: z
      .enum(['pending', 'awaiting_funds', 'scheduled', 'processing', 'completed', 'failed'])
      .openapi({ description: "The queue row's status after the event: completed, or after a failed attempt scheduled (retry planned), awaiting_funds or failed (final)" }),
    nextAttemptAt: z.string().nullable().openapi({ description: 'When the payout is tried again; null when completed or failed for good' }),
  })
  .openapi('PayoutEventData', { 'x-extension': true });

export const BonusEventData = z
  .object({
    awardId: z.string(),
    goalId: z.string(),
    goalName: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    affiliateId: z.string(),
    affiliateEmail: z.string(),
    affiliateName: z.string(),
    amount: money('Award amount'),
    currency: z.string(),
    periodKey: z.string().openapi({ description: 'A year-month key such as `2026-11`, or `one_time`' }),
    status: z.enum(AWARD_STATUSES),
    payoutMethod: z.enum(PAYOUT_METHODS).nullable(),
  })
  .openapi('BonusEventData');

export const CampaignUpdatedEventData = z
  .object({
    campaignId: z.string(),
    name: z.string(),
    status: z.enum(['active', 'inactive', 'expired']).openapi({ description: 'The status after the change' }),
    commissionType: z.enum(['percentage', 'fixed']),
    commissionValue: z.string().openapi({ description: 'The rate after the change, as a decimal string', example: '20.00' }),
    endsAt: z.string().nullable().openapi({ description: 'When the campaign ends (ISO 8601), or null' }),
    changed: z.array(z.string()).openapi({ description: 'The fields the change set, e.g. ["commissionValue"] or ["status"] for an end by endsAt', example: ['commissionValue'] }),
    previous: z.record(z.string(), z.unknown()).openapi({ description: 'The changed fields as they were before, as Get Campaign shows them' }),
    updatedAt: iso,
  })
  .openapi('CampaignUpdatedEventData', { 'x-extension': true });

export const PingEventData = z
  .object({ subscriptionId: z.string(), url: z.string(), message: z.string() })
  .openapi('PingEventData', { 'x-extension': true });

const RiskFlagData = z.object({
  code: z.string().openapi({ description: 'The signal, e.g. `fast_conversion`' }),
  message: z.string().openapi({ description: 'What the signal found, in words' }),
  evidence: z.array(z.string()).openapi({ description: 'Ids (clicks, conversions, affiliates, sessions) or values the signal read' }),
});

export const ConversionFlaggedEventData = z
  .object({ conversionId: z.string(), campaignId: z.string(), affiliateId: z.string(), status: z.enum(CONVERSION_STATUSES), flags: z.array(RiskFlagData) })
  .openapi('ConversionFlaggedEventData', { 'x-extension': true });

export const AffiliateFlaggedEventData = z.object({ affiliateId: z.string(), flags: z.array(RiskFlagData) }).openapi('AffiliateFlaggedEventData', { 'x-extension': true });

export const AffiliateBannedEventData = z
  .object({
    affiliateId: z.string(),
    reason: z.string(),
    bannedAt: z.string(),
    suspendedMemberships: z.number().int(),
    rejectedConversions: z.number().int(),
    heldConversions: z.number().int(),
    cancelledPayouts: z.number().int(),
  })
  .openapi('AffiliateBannedEventData', { 'x-extension': true });

export const AffiliateUnbannedEventData = z
  .object({ affiliateId: z.string(), reason: z.string(), bannedAt: z.string() })
  .openapi('AffiliateUnbannedEventData', { 'x-extension': true });

const DATA_BY_EVENT: Record<WebhookEventType, z.ZodType> = {
  'conversion.flagged': ConversionFlaggedEventData,
  'affiliate.flagged': AffiliateFlaggedEventData,
  'affiliate.banned': AffiliateBannedEventData,
  'affiliate.unbanned': AffiliateUnbannedEventData,
  'conversion.created': ConversionEventData,
  'conversion.updated': ConversionEventData,
  'conversion.approved': ConversionEventData,
  'conversion.rejected': ConversionEventData,
  'conversion.paid': ConversionEventData,
  'affiliate.joined': MembershipEventData,
  'affiliate.approved': MembershipEventData,
  'affiliate.rejected': MembershipEventData,
  'affiliate.suspended': MembershipEventData,
  'affiliate.payout_details_completed': PayoutDetailsEventData,
  'affiliate.tax_details_completed': TaxDetailsEventData,
  'payout.completed': PayoutEventData,
  'payout.failed': PayoutEventData,
  'bonus.awarded': BonusEventData,
  'bonus.paid': BonusEventData,
  'bonus.cancelled': BonusEventData,
  'campaign.updated': CampaignUpdatedEventData,
  ping: PingEventData,
};

const WHEN: Record<WebhookEventType, string> = {
  'conversion.flagged': 'Risk signals flagged a new sale (see `flags`); `status` is `held` when a rule held it. See docs/risk.md.',
  'affiliate.flagged': 'Risk signals flagged an affiliate as it joined, was invited or saved payout details.',
  'affiliate.banned': 'The merchant banned an affiliate: approved memberships suspended (pending ones rejected), pending and held sales rejected, approved unpaid sales held (their queued payouts cancelled); paid history kept.',
  'affiliate.unbanned': 'The merchant lifted a ban; the memberships stay suspended until the merchant approves them again.',
  'conversion.created': 'A new conversion is tracked (live keys only; test-key activity dispatches no webhooks).',
  'conversion.updated': 'Any conversion status change (catch-all, sent besides the specific event).',
  'conversion.approved': 'The merchant approved a conversion (or automatic approval did).',
  'conversion.rejected': 'The merchant rejected a conversion.',
  'conversion.paid': 'A conversion was paid out.',
  'affiliate.joined': 'An affiliate joined a campaign by itself; `status` is the join status.',
  'affiliate.approved': 'A pending affiliate was approved.',
  'affiliate.rejected': 'A pending affiliate was rejected.',
  'affiliate.suspended': 'An approved affiliate was suspended on a campaign: it earns nothing new there until reinstated (`affiliate.approved`).',
  'affiliate.payout_details_completed': 'An affiliate completed its payout details; fires once per affiliate.',
  'affiliate.tax_details_completed': 'An affiliate gave its tax details (W-9, W-8BEN or W-8BEN-E) for the first time; fires once per affiliate, never on later changes.',
  'payout.completed': 'A payout was processed successfully.',
  'payout.failed': 'A payout attempt failed.',
  'bonus.awarded': 'A team bonus award was finalized after its refund-safe window and awaits approval (Scale).',
  'bonus.paid': 'A team bonus award was paid (Scale).',
  'bonus.cancelled': 'A team bonus award was cancelled before payout (Scale).',
  'campaign.updated': 'A campaign was changed (`PATCH /campaigns/{id}`), or ended by its `endsAt` (`status` becomes `expired`).',
  ping: 'Sent by `POST /webhooks/{id}/test` only.',
};

/** Payload shapes the spec leaves open (`not shown`): ours, marked as extensions. */
const EXTENSION_EVENTS = new Set<string>(['conversion.flagged', 'affiliate.flagged', 'affiliate.banned', 'affiliate.unbanned', 'affiliate.joined', 'affiliate.approved', 'affiliate.rejected', 'affiliate.suspended', 'campaign.updated', 'affiliate.payout_details_completed', 'affiliate.tax_details_completed', 'payout.completed', 'payout.failed', 'ping']);

const envelope = (event: WebhookEventType) =>
  z
    .object({
      event: z.literal(event),
      data: DATA_BY_EVENT[event],
      timestamp: iso.openapi({ description: 'When the event happened (ISO 8601)' }),
      id: z.string().openapi({ description: 'The delivery id: the same on every retry and resend; use it to de-duplicate' }),
    })
    .openapi({ title: `${event} envelope` });

const SIGNATURE = z.string().openapi({
  description:
    '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both).',
  example: 't=1795000000,v1=5f2b…',
});

/** One OpenAPI `webhooks` entry per event the service sends. */
export const webhookEventRoutes = (): RouteConfig[] =>
  WEBHOOK_EVENT_TYPES.map((event) => ({
    method: 'post',
    path: event,
    tags: ['Webhook events'],
    operationId: `webhook_${event.replace(/[^a-z0-9]+/gi, '_')}`,
    summary: event,
    description: `${WHEN[event]} POSTed as JSON to every active subscription whose \`events\` include it.`,
    ...(EXTENSION_EVENTS.has(event) ? { 'x-extension': true } : {}),
    // The service calls the receiver: the API's bearer scheme does not apply (the signature does).
    security: [],
    request: {
      headers: z.object({ 'x-service-signature': SIGNATURE }),
      body: { required: true, content: { 'application/json': { schema: envelope(event) } } },
    },
    responses: {
      200: { description: 'Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription).' },
    },
  }));

import { DEMO_IDS } from './demo-ids.js';

/**
 * Request-body examples of the public operations, keyed `METHOD /path` (relative to `/api/v1`). They
 * name the demo program's rows (demo-ids.ts), so each works as shown in `/docs` "Try it out" with
 * the demo live key; a test sends every one of them to a fresh service and requires a 2xx. A route
 * may declare its own example instead (its schema's `example`), which wins.
 */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  'POST /campaigns': { name: 'Spring launch', commissionType: 'percentage', commissionValue: 20, targetUrl: 'https://shop.example.com' },
  'POST /affiliates': { email: 'grace@example.com', name: 'Grace', campaignId: DEMO_IDS.campaign },
  'POST /affiliates/invite': { email: 'linus@example.com', name: 'Linus', campaignId: DEMO_IDS.campaign },
  'PATCH /affiliates/{id}': { campaignId: DEMO_IDS.campaign, status: 'approved' },
  'POST /webhooks': { url: 'https://example.com/webhooks/affiliate', events: ['conversion.created', 'conversion.approved'] },
  'PATCH /webhooks/{id}': { events: ['conversion.created', 'conversion.approved', 'conversion.rejected'], active: true },
  'POST /conversions': { campaignId: DEMO_IDS.campaign, affiliateId: DEMO_IDS.affiliate, amount: 120, currency: 'usd', orderId: 'order-1001' },
  'PATCH /conversions/{id}': { status: 'approved' },
  'POST /customers': { affiliateId: DEMO_IDS.affiliate, campaignId: DEMO_IDS.campaign, email: 'ada@example.com', providerCustomerId: 'cus_Q1w2E3r4' },
  'POST /coupons': {
    campaignId: DEMO_IDS.campaign,
    affiliateId: DEMO_IDS.affiliate,
    code: 'SPRING20',
    provider: 'card',
    cardPromotionCodeId: 'promo_1Spring20',
    percentOff: 20,
  },
  'PATCH /coupons/{id}': { cardPromotionCodeId: 'promo_1Spring25' },
  'POST /teams': { name: 'North', currency: 'usd', baseCommissionType: 'percentage', baseCommissionValue: 15 },
  'PATCH /teams/{id}': { name: 'Demo team (north)' },
  'POST /teams/{id}/campaigns': { campaignId: DEMO_IDS.campaign, baseCommissionType: 'percentage', baseCommissionValue: 22 },
  'POST /teams/{id}/members': { affiliateIds: [DEMO_IDS.affiliate] },
  'POST /teams/{id}/overrides': { campaignId: DEMO_IDS.campaign, affiliateIds: [DEMO_IDS.affiliate], commissionType: 'percentage', commissionValue: 25 },
  'POST /teams/{id}/goals': { name: 'Q1 revenue', metric: 'revenue', targetValue: 10000, bonusType: 'flat', bonusValue: 250 },
  'PATCH /teams/{id}/goals/{goalId}': { action: 'close_now' },
  // The demo award is still in its refund-safe window: it can be cancelled (approved once the window closes).
  'PATCH /teams/{id}/awards/{awardId}': { action: 'cancel' },
  // The demo live key stores live credentials (a test key stores `sk_test_…` ones).
  'PUT /payout-providers/{method}': { secretKey: 'sk_live_51Hexample0000' },
  // Operator API (`/admin/v1`).
  'POST /merchants': { businessName: 'Acme Shop', email: 'owner@acme.example', plan: 'ultimate' },
  'PATCH /merchants/{id}': { plan: 'scale', payoutHoldingDays: 30 },
  'POST /merchants/{id}/keys': { mode: 'live', write: true, name: 'Checkout server' },
  'POST /clock': { now: '2027-01-15T12:00:00Z' },
  'POST /merchants/{id}/affiliate-signups': { email: 'signup@example.com', campaignId: DEMO_IDS.campaign, name: 'Sam' },
  'POST /affiliates/{id}/payout-details': { method: 'wallet_a', email: 'ada@example.com' },
  'POST /exchange-rates': { date: '2026-11-23', rates: { eur: 1.16, gbp: 1.33 } },
  'POST /conversions/{id}/refund': { amount: 20 },
  'POST /payouts/{id}/mark-paid': { payoutMethod: 'connect', cardTransferId: 'tr_1A2b3C' },
};

/** Path-parameter examples that name a demo row (or a fixed name), by the collection the parameter belongs to. */
export const PATH_EXAMPLES: Readonly<Record<string, string>> = {
  campaigns: DEMO_IDS.campaign,
  affiliates: DEMO_IDS.pendingAffiliate,
  teams: DEMO_IDS.team,
  invitations: DEMO_IDS.invitation,
  // The demo affiliate is a member of the demo team.
  members: DEMO_IDS.affiliate,
  awards: DEMO_IDS.award,
  payouts: DEMO_IDS.payout,
  'payout-providers': 'connect',
};

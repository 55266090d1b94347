import { minorToDecimal, type CurrencyCode } from '../../../domain/index.js';
import { DUB_CAMPAIGN as CAMPAIGN, dubGroupTeam, dubProgramCampaign } from './dub-groups.js';
import { list, membershipStatusOf, obj, pageNumbers, payoutMethodOf, programCampaign, row, str, time, type MappedRow, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * Dub's API (dub.co/docs/api-reference): `https://api.dub.co`, `Authorization: Bearer <key>`,
 * `page`/`pageSize` (100 at most) answering a JSON array, amounts in cents; 60 requests a minute on
 * the Free plan (higher plans allow more; we keep to the lowest). Dormant partners are listed too.
 * Reward terms live on partner groups (`GET /groups`): the default group's are the program campaign's,
 * every group is a team (dub-groups.ts). A partner's short links' keys stay its old codes.
 */
const PER_PAGE = 100;

const step = (path: string, map: SourceStep['map']): SourceStep => ({
  path,
  query: (cursor) => ({ page: cursor ?? '1', pageSize: String(PER_PAGE) }),
  read: pageNumbers(PER_PAGE),
  map,
});

const currencyOf = (value: unknown): CurrencyCode => (str(value) || 'usd').toLowerCase() as CurrencyCode;

/** Dub's commission statuses under ours: processed is approved, duplicate/fraud/canceled are rejected. */
const commissionStatusOf = (status: unknown): string => {
  const s = str(status).toLowerCase();
  if (s === 'processed') return 'approved';
  if (['duplicate', 'fraud', 'canceled', 'cancelled'].includes(s)) return 'rejected';
  return s;
};

/** Dub's payout statuses under ours: once processed (the program paid its invoice) the money has left the merchant. */
const payoutStatusOf = (status: unknown): string => {
  const s = str(status).toLowerCase();
  return ['processed', 'sent', 'completed'].includes(s) ? 'completed' : s;
};

const partnerRows = (item: unknown): MappedRow[] => {
  const p = obj(item);
  const keys = list(p.links)
    .map(obj)
    .map((l) => str(l.key));
  const group = str(p.groupId);
  const paypal = str(p.paypalEmail);
  return [
    row('affiliates', {
      id: str(p.id),
      email: str(p.email),
      name: str(p.name),
      ref_code: keys[0] ?? '',
      payout_method: paypal ? payoutMethodOf('paypal') : '',
      payout_email: paypal,
      // The partner's own description of itself: Dub has no merchant note, and this is what the merchant saw there.
      notes: str(p.description),
      created_at: time(p.createdAt),
    }),
    ...(keys.length > 0 ? keys : ['']).map((key) =>
      row('referral_links', { affiliate_id: str(p.id), campaign_id: CAMPAIGN, status: membershipStatusOf(p.status), ref_code: key, joined_at: time(p.createdAt) }),
    ),
    ...(group ? [row('team_members', { team_id: group, affiliate_id: str(p.id), joined_at: time(p.createdAt) })] : []),
  ];
};

export const dub: SourceDefinition = {
  baseUrl: 'https://api.dub.co',
  budget: { requests: 60, periodMs: 60_000 },
  credentialFields: ['apiKey'],
  headers: (c) => ({ authorization: `Bearer ${c.apiKey}` }),
  steps: [
    // Rows are carried in the order read: the campaign first (the default group's terms), then the
    // program campaign with no terms for a program whose groups name no default (matched otherwise),
    // then every group as a team, then the partners who join them.
    step('/groups', dubProgramCampaign),
    {
      path: '/partners',
      query: () => ({ page: '1', pageSize: '1' }),
      read: (body) => (Array.isArray(body) ? { items: [{}], next: null } : null),
      map: () => [programCampaign(CAMPAIGN, 'Dub')],
    },
    step('/groups', dubGroupTeam),
    step('/partners', partnerRows),
    step('/customers', (item) => {
      const c = obj(item);
      const partner = obj(c.partner);
      const providerId = str(c.stripeCustomerId);
      if (str(partner.id) === '') return [];
      return [
        row('customers', {
          id: str(c.id),
          email: str(c.email),
          provider: providerId ? 'card' : '',
          provider_customer_id: providerId,
          affiliate_id: str(partner.id),
          campaign_id: CAMPAIGN,
          source: 'import',
          created_at: time(c.createdAt),
        }),
      ];
    }),
    step('/commissions', (item) => {
      const c = obj(item);
      const currency = currencyOf(c.currency);
      return [
        row('commissions', {
          id: str(c.id),
          campaign_id: CAMPAIGN,
          affiliate_id: str(obj(c.partner).id),
          conversion_type: 'one_time',
          source: 'import',
          status: commissionStatusOf(c.status),
          amount: minorToDecimal(c.amount, currency) ?? '',
          commission: minorToDecimal(c.earnings, currency) ?? '',
          currency,
          order_id: str(c.invoiceId) || str(c.id),
          customer_email: str(obj(c.customer).email),
          customer_name: str(obj(c.customer).name),
          created_at: time(c.createdAt),
        }),
      ];
    }),
    // A payout is a partner's sum for a period (`GET /payouts`) and names none of its commissions: the
    // writer places it on the partner's paid commissions of that period when they add up to it.
    step('/payouts', (item) => {
      const p = obj(item);
      const currency = currencyOf(p.currency);
      return [
        row('payouts', {
          id: str(p.id),
          commission_id: '',
          affiliate_id: str(obj(p.partner).id),
          campaign_id: CAMPAIGN,
          amount: minorToDecimal(p.amount, currency) ?? '',
          currency,
          status: payoutStatusOf(p.status),
          payout_method: '',
          completed_at: time(p.paidAt) || time(p.initiatedAt),
          provider_reference: str(p.invoiceId) || str(p.id),
          created_at: time(p.createdAt),
          period_start: time(p.periodStart),
          period_end: time(p.periodEnd),
        }),
      ];
    }),
  ],
};

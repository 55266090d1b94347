import { minorToDecimal, type CurrencyCode } from '../../../domain/index.js';
import { list, membershipStatusOf, obj, pageNumbers, programCampaign, row, str, time, type MappedRow, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * Dub's API (dub.co/docs/api-reference): `https://api.dub.co`, `Authorization: Bearer <key>`,
 * `page`/`pageSize` (100 at most) answering a JSON array, amounts in cents; 60 requests a minute on
 * the Free plan (higher plans allow more; we keep to the lowest). Dormant partners are listed too.
 * Its partner groups carry the reward terms, which the API does not list: the program becomes one
 * campaign. A partner's short links' keys stay its old codes.
 */
const PER_PAGE = 100;
const CAMPAIGN = 'dub';

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

const partnerRows = (item: unknown): MappedRow[] => {
  const p = obj(item);
  const keys = list(p.links)
    .map(obj)
    .map((l) => str(l.key));
  return [
    row('affiliates', { id: str(p.id), email: str(p.email), name: str(p.name), ref_code: keys[0] ?? '', created_at: time(p.createdAt) }),
    ...(keys.length > 0 ? keys : ['']).map((key) =>
      row('referral_links', { affiliate_id: str(p.id), campaign_id: CAMPAIGN, status: membershipStatusOf(p.status), ref_code: key, joined_at: time(p.createdAt) }),
    ),
  ];
};

export const dub: SourceDefinition = {
  baseUrl: 'https://api.dub.co',
  budget: { requests: 60, periodMs: 60_000 },
  credentialFields: ['apiKey'],
  headers: (c) => ({ authorization: `Bearer ${c.apiKey}` }),
  steps: [
    {
      path: '/partners',
      query: () => ({ page: '1', pageSize: '1' }),
      read: (body) => (Array.isArray(body) ? { items: [{}], next: null } : null),
      map: () => [programCampaign(CAMPAIGN, 'Dub')],
    },
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
  ],
};

import { minorToDecimal, type CurrencyCode } from '../../../domain/index.js';
import { fullName, membershipStatusOf, obj, programCampaign, row, str, time, type MappedRow, type ReadPage, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * PartnerStack's vendor API v2 (docs.partnerstack.com): `https://api.partnerstack.com/api/v2`, HTTP
 * Basic with the public and the private key, `limit` (250 at most) and `starting_after` (the last
 * item's `key`) answering `{ data: { has_more, items } }`, times in epoch milliseconds, amounts in
 * cents. No rate limit is published: we keep to one request a second. Its API carries no reward
 * terms, so the program becomes one campaign.
 */
const PER_PAGE = 250;
const CAMPAIGN = 'partnerstack';

const read = (body: unknown): ReadPage | null => {
  const data = obj(obj(body).data);
  if (!Array.isArray(data.items)) return null;
  const last = obj(data.items[data.items.length - 1]).key;
  return { items: data.items, next: data.has_more === true && typeof last === 'string' ? last : null };
};

const step = (path: string, map: SourceStep['map']): SourceStep => ({
  path,
  query: (cursor) => ({ limit: String(PER_PAGE), ...(cursor ? { starting_after: cursor } : {}) }),
  read,
  map,
});

const currencyOf = (value: unknown): CurrencyCode => (str(value) || 'usd').toLowerCase() as CurrencyCode;

/** A reward's status with its payment status: paid out is `paid`, declined is rejected. */
const rewardStatusOf = (r: Record<string, unknown>): string => {
  const payment = str(r.payment_status).toLowerCase();
  if (payment === 'paid_and_refunded') return 'refunded';
  if (['paid', 'paid_externally', 'withdrawn', 'in_transit'].includes(payment)) return 'paid';
  const status = str(r.status).toLowerCase();
  if (['declined', 'rejected', 'failed', 'expired'].includes(status)) return 'rejected';
  if (['approved', 'available'].includes(status) || payment === 'available') return 'approved';
  return 'pending';
};

/**
 * The partnership's group (`group: { key, name }`) becomes one of our teams, on the program's
 * campaign, with the partner as a member: the team row repeats with each of its partners and is
 * matched after the first. Groups hold their reward terms in PartnerStack, so the team has no rate.
 */
const groupRows = (p: Record<string, unknown>): MappedRow[] => {
  const group = obj(p.group);
  const key = str(group.key);
  if (key === '') return [];
  return [
    row('teams', { id: key, name: str(group.name) || key }),
    row('team_campaigns', { team_id: key, campaign_id: CAMPAIGN }),
    row('team_members', { team_id: key, affiliate_id: str(p.key), joined_at: time(p.created_at) }),
  ];
};

export const partnerstack: SourceDefinition = {
  baseUrl: 'https://api.partnerstack.com',
  budget: { requests: 1, periodMs: 1_000 },
  credentialFields: ['publicKey', 'privateKey'],
  headers: (c) => ({ authorization: `Basic ${Buffer.from(`${c.publicKey}:${c.privateKey}`).toString('base64')}` }),
  steps: [
    // The program itself: one campaign, read from nothing (the first page of partnerships opens it).
    {
      path: '/api/v2/partnerships',
      query: () => ({ limit: '1' }),
      read: (body) => (read(body) ? { items: [{}], next: null } : null),
      map: () => [programCampaign(CAMPAIGN, 'PartnerStack')],
    },
    step('/api/v2/partnerships', (item) => {
      const p = obj(item);
      const code = str(p.partner_key) || str(p.key);
      return [
        row('affiliates', { id: str(p.key), email: str(p.email), name: fullName(p.first_name, p.last_name), ref_code: code, created_at: time(p.created_at) }),
        // `?ps_partner_key=` (and the `sid` some links carry) names the partner: kept as its old code.
        row('referral_links', { affiliate_id: str(p.key), campaign_id: CAMPAIGN, status: membershipStatusOf(p.approved_status ?? p.status ?? 'approved'), ref_code: code, joined_at: time(p.created_at) }),
        ...groupRows(p),
      ];
    }),
    step('/api/v2/customers', (item) => {
      const c = obj(item);
      const providerId = str(c.provider_key) || str(c.customer_key);
      return [
        row('customers', {
          id: str(c.key),
          email: str(c.email),
          provider: providerId ? 'card' : '',
          provider_customer_id: providerId,
          affiliate_id: str(c.partnership_key ?? obj(c.partnership).key),
          campaign_id: CAMPAIGN,
          source: 'import',
          created_at: time(c.created_at),
        }),
      ];
    }),
    step('/api/v2/rewards', (item) => {
      const r = obj(item);
      const currency = currencyOf(r.currency);
      const transaction = obj(r.transaction);
      return [
        row('commissions', {
          id: str(r.key),
          campaign_id: CAMPAIGN,
          affiliate_id: str(r.partnership_key ?? obj(r.partnership).key),
          conversion_type: 'one_time',
          source: 'import',
          status: rewardStatusOf(r),
          amount: minorToDecimal(transaction.amount ?? 0, currency) ?? '',
          commission: minorToDecimal(r.amount, currency) ?? '',
          currency,
          order_id: str(transaction.key ?? r.key),
          customer_email: str(obj(r.customer).email),
          created_at: time(r.created_at),
        }),
      ];
    }),
  ],
};

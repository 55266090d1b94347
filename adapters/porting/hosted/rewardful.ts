import { majorToDecimal, minorToDecimal, type CurrencyCode } from '../../../domain/index.js';
import { bool, fullName, list, membershipStatusOf, obj, payoutMethodOf, row, str, time, type ReadPage, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * Rewardful's REST API (developers.rewardful.com/rest-api): `https://api.getrewardful.com/v1`, HTTP
 * Basic with the API secret as the user name, `page`/`limit` (100 at most) with
 * `{ pagination: { next_page }, data }`, 45 requests per 30 seconds.
 */
const PER_PAGE = 100;

const read = (body: unknown): ReadPage | null => {
  const data = obj(body).data;
  if (!Array.isArray(data)) return null;
  const next = obj(obj(body).pagination).next_page;
  return { items: data, next: typeof next === 'number' || (typeof next === 'string' && next !== '') ? String(next) : null };
};

const step = (path: string, map: SourceStep['map'], extra: Record<string, string> = {}): SourceStep => ({
  path,
  query: (cursor) => ({ page: cursor ?? '1', limit: String(PER_PAGE), ...extra }),
  read,
  map,
});

const currencyOf = (value: unknown): CurrencyCode => (str(value) || 'usd').toLowerCase() as CurrencyCode;

/** Rewardful's commission states: `voided` with money refunded is our `refunded`, else `rejected` (via `voided`). */
const commissionStatusOf = (state: string, refundedCents: unknown): string => (state === 'voided' && Number(refundedCents) > 0 ? 'refunded' : state);

export const rewardful: SourceDefinition = {
  baseUrl: 'https://api.getrewardful.com',
  budget: { requests: 45, periodMs: 30_000 },
  credentialFields: ['apiKey'],
  headers: (c) => ({ authorization: `Basic ${Buffer.from(`${c.apiKey}:`).toString('base64')}` }),
  steps: [
    step('/v1/campaigns', (item) => {
      const c = obj(item);
      const fixed = str(c.reward_type) === 'amount';
      const months = c.max_commission_period_months;
      return [
        row('campaigns', {
          id: str(c.id),
          name: str(c.name),
          description: str(c.custom_reward_description),
          status: 'active',
          commission_type: fixed ? 'fixed' : 'percentage',
          commission_value: (fixed ? minorToDecimal(c.commission_amount_cents, currencyOf(c.commission_amount_currency)) : majorToDecimal(c.commission_percent)) ?? '',
          // Renewals earn for `max_commission_period_months` (none: the customer's lifetime); one commission at most is one-time.
          recurring: c.max_commissions === 1 ? 'false' : 'true',
          recurring_months: c.max_commissions !== 1 && typeof months === 'number' && months > 0 ? String(months) : '',
          cookie_days: str(c.days_before_referrals_expire),
          target_url: str(c.url),
          auto_approve_affiliates: '',
          auto_approve_commissions_after_days: str(c.days_until_commissions_are_due),
          is_public: bool(c.private === true ? false : c.private === false ? true : undefined),
          created_at: time(c.created_at),
        }),
      ];
    }),
    step('/v1/affiliates', (item) => {
      const a = obj(item);
      const links = list(a.links).map(obj);
      const campaign = obj(a.campaign);
      const token = str(links[0]?.token);
      return [
        row('affiliates', {
          id: str(a.id),
          email: str(a.email),
          name: fullName(a.first_name, a.last_name),
          ref_code: token,
          payout_method: str(a.paypal_email) ? payoutMethodOf('paypal') : str(a.wise_email) ? payoutMethodOf('wise') : '',
          payout_email: str(a.paypal_email) || str(a.wise_email),
          created_at: time(a.created_at),
        }),
        // One row per link: the first makes the membership, every token stays an old referral code (`?via=`).
        ...(links.length > 0 ? links : [{}]).map((link) =>
          row('referral_links', {
            affiliate_id: str(a.id),
            campaign_id: str(campaign.id),
            status: membershipStatusOf(a.state),
            ref_code: str(link.token),
            joined_at: time(a.created_at),
            decided_at: time(a.confirmed_at),
          }),
        ),
      ];
    }),
    step('/v1/affiliate_coupons', (item) => {
      const c = obj(item);
      return [row('coupons', { id: str(c.id), campaign_id: '', affiliate_id: str(c.affiliate_id), provider: 'card', code: str(c.token), provider_discount_id: str(c.external_id), created_at: time(c.created_at) })];
    }),
    step(
      '/v1/referrals',
      (item) => {
        const r = obj(item);
        const customer = obj(r.customer);
        const affiliate = obj(r.affiliate);
        const providerId = str(r.stripe_customer_id) || str(customer.platform_id);
        // Visitors who never became a lead or a customer carry nothing to attribute.
        if (str(customer.email) === '' && providerId === '') return [];
        return [
          row('customers', {
            id: str(r.id),
            email: str(customer.email),
            provider: providerId ? 'card' : '',
            provider_customer_id: providerId,
            affiliate_id: str(affiliate.id),
            campaign_id: str(obj(affiliate.campaign).id) || str(obj(r.campaign).id),
            source: 'import',
            created_at: time(r.created_at),
          }),
        ];
      },
      { 'expand[]': 'affiliate' },
    ),
    step('/v1/commissions', (item) => {
      const c = obj(item);
      const sale = obj(c.sale);
      const referral = obj(sale.referral);
      const currency = currencyOf(c.currency || sale.currency);
      const affiliate = obj(c.affiliate).id ?? obj(sale.affiliate).id ?? obj(referral.affiliate).id;
      const state = str(c.state);
      return [
        row('commissions', {
          id: str(c.id),
          campaign_id: str(obj(c.campaign).id),
          affiliate_id: str(affiliate),
          conversion_type: 'one_time',
          source: 'import',
          status: commissionStatusOf(state, sale.refund_amount_cents),
          amount: minorToDecimal(sale.sale_amount_cents ?? sale.charge_amount_cents, currency) ?? '',
          tax_amount: minorToDecimal(sale.tax_amount_cents, currency) ?? '',
          commission: minorToDecimal(c.amount, currency) ?? '',
          currency,
          order_id: str(sale.stripe_charge_id) || str(sale.id),
          customer_email: str(obj(referral.customer).email),
          customer_name: str(obj(referral.customer).name),
          refunded_amount: Number(sale.refund_amount_cents) > 0 ? (minorToDecimal(sale.refund_amount_cents, currency) ?? '') : '',
          approved_at: state === 'due' || state === 'paid' ? time(c.due_at) : '',
          paid_at: time(c.paid_at),
          created_at: time(c.created_at),
        }),
      ];
    }),
    // A payout bundles an affiliate's commissions and names them (`expand[]=commissions`): one history
    // row per commission, as our queue keeps them; a payout naming none is reported by the writer.
    step(
      '/v1/payouts',
      (item) => {
        const p = obj(item);
        const currency = currencyOf(p.currency);
        const common = {
          affiliate_id: str(obj(p.affiliate).id) || str(p.affiliate_id),
          campaign_id: '',
          currency,
          status: str(p.state),
          payout_method: '',
          completed_at: time(p.paid_at),
          provider_reference: str(p.id),
          created_at: time(p.created_at),
        };
        const commissions = list(p.commissions).map(obj);
        if (commissions.length === 0) return [row('payouts', { id: str(p.id), commission_id: '', amount: minorToDecimal(p.amount, currency) ?? '', ...common })];
        return commissions.map((c) =>
          row('payouts', { ...common, id: `${str(p.id)}:${str(c.id)}`, commission_id: str(c.id), amount: minorToDecimal(c.amount, currencyOf(c.currency || p.currency)) ?? '' }),
        );
      },
      { 'expand[]': 'commissions' },
    ),
  ],
};

import { majorToDecimal } from '../../../domain/index.js';
import { fullName, list, membershipStatusOf, obj, pageNumbers, payoutMethodOf, row, str, time, type MappedRow, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * FirstPromoter's API v2 (docs.firstpromoter.com/api-reference-v2): `https://api.firstpromoter.com/api/v2/company`,
 * `Authorization: Bearer <key>` and `Account-ID`, `page`/`per_page` (100 at most) answering a JSON
 * array, 400 requests per minute per account. Amounts are in the account's currency units.
 */
const PER_PAGE = 100;

const step = (path: string, map: SourceStep['map'], extra: Record<string, string> = {}): SourceStep => ({
  path,
  query: (cursor) => ({ page: cursor ?? '1', per_page: String(PER_PAGE), ...extra }),
  read: pageNumbers(PER_PAGE),
  map,
});

const rewardOf = (campaign: Record<string, unknown>) => {
  const reward = obj(list(campaign.rewards)[0] ?? campaign.default_reward ?? campaign.reward);
  const fixed = ['cash', 'amount', 'fixed'].includes(str(reward.unit).toLowerCase());
  return {
    type: fixed ? 'fixed' : 'percentage',
    value: majorToDecimal(reward.amount ?? reward.value) ?? '',
    months: str(reward.max_months ?? reward.months_limit),
    recurring: reward.type === 'one_time' ? 'false' : 'true',
  };
};

/** A promoter is an affiliate with one membership per campaign, each with its own ref token (`?fpr=` / `?ref=`). */
const promoterRows = (item: unknown): MappedRow[] => {
  const p = obj(item);
  const profile = obj(p.profile);
  const memberships = list(p.promoter_campaigns ?? p.promotions).map(obj);
  const token = str(memberships[0]?.ref_token ?? memberships[0]?.ref_id ?? p.default_ref_id);
  const paypal = str(profile.paypal_email);
  return [
    row('affiliates', {
      id: str(p.id),
      email: str(p.email),
      name: fullName(profile.first_name, profile.last_name),
      ref_code: token,
      payout_method: paypal ? payoutMethodOf('paypal') : '',
      payout_email: paypal,
      // The merchant's private note on the promoter (the v2 promoter's `note`).
      notes: str(p.note),
      created_at: time(p.created_at),
    }),
    ...memberships.map((m) =>
      row('referral_links', {
        affiliate_id: str(p.id),
        campaign_id: str(m.campaign_id ?? obj(m.campaign).id),
        status: membershipStatusOf(m.state ?? m.status ?? p.state),
        ref_code: str(m.ref_token ?? m.ref_id),
        joined_at: time(m.created_at ?? p.created_at),
        decided_at: time(p.accepted_at),
      }),
    ),
  ];
};

/**
 * A sub-affiliate's parent (`parent_promoter`, listed with `include_parent_promoter=true`) makes a team
 * of the parent and its sub-affiliates on the sub-affiliate's campaigns; the team and the parent's
 * rows repeat with each sub-affiliate and are matched after the first. Read in a second pass over the
 * promoters, once every promoter is an affiliate, since a parent may be listed after its children.
 * No leader is named (an imported affiliate has no login, which a leader needs) and no rate (the
 * parent's share of its sub-affiliates' sales is not in the promoter record).
 */
const parentRows = (item: unknown): MappedRow[] => {
  const p = obj(item);
  const parent = str(obj(p.parent_promoter).id ?? p.parent_promoter_id);
  if (parent === '' || parent === str(p.id)) return [];
  const team = `parent-${parent}`;
  const parentName = str(obj(p.parent_promoter).name) || str(obj(p.parent_promoter).email) || parent;
  const campaigns = [...new Set(list(p.promoter_campaigns ?? p.promotions).map((m) => str(obj(m).campaign_id ?? obj(obj(m).campaign).id)))].filter((c) => c !== '');
  return [
    row('teams', { id: team, name: `Sub-affiliates of ${parentName}` }),
    ...campaigns.map((campaign) => row('team_campaigns', { team_id: team, campaign_id: campaign })),
    row('team_members', { team_id: team, affiliate_id: parent }),
    row('team_members', { team_id: team, affiliate_id: str(p.id), joined_at: time(p.created_at) }),
  ];
};

/** FirstPromoter's commission status with its `is_paid` flag: a paid approved one is `paid`, `denied` is rejected. */
const commissionStatusOf = (c: Record<string, unknown>): string => {
  const status = str(c.status).toLowerCase();
  if (status === 'denied') return 'rejected';
  if (c.is_paid === true || str(c.paid_at) !== '') return 'paid';
  return status;
};

export const firstpromoter: SourceDefinition = {
  baseUrl: 'https://api.firstpromoter.com',
  budget: { requests: 400, periodMs: 60_000 },
  credentialFields: ['apiKey', 'accountId'],
  headers: (c) => ({ authorization: `Bearer ${c.apiKey}`, 'account-id': c.accountId ?? '' }),
  steps: [
    step('/api/v2/company/campaigns', (item) => {
      const c = obj(item);
      const reward = rewardOf(c);
      return [
        row('campaigns', {
          id: str(c.id),
          name: str(c.name),
          description: str(c.description),
          status: 'active',
          commission_type: reward.type,
          commission_value: reward.value,
          recurring: reward.recurring,
          recurring_months: reward.recurring === 'true' ? reward.months : '',
          cookie_days: str(c.cookie_life ?? c.cookie_days),
          target_url: str(c.landing_url ?? c.website_url),
          auto_approve_affiliates: c.auto_approve_promoters === true ? 'true' : '',
          is_public: c.is_private === true ? 'false' : '',
          created_at: time(c.created_at),
        }),
      ];
    }),
    step('/api/v2/company/promoters', promoterRows),
    step('/api/v2/company/promoters', parentRows, { include_parent_promoter: 'true' }),
    step('/api/v2/company/promo_codes', (item) => {
      const c = obj(item);
      const membership = obj(c.promoter_campaign);
      return [
        row('coupons', {
          id: str(c.id),
          campaign_id: str(membership.campaign_id ?? c.campaign_id),
          affiliate_id: str(membership.promoter_id ?? c.promoter_id),
          provider: 'card',
          code: str(c.code),
          provider_discount_id: str(c.reward_id ?? c.external_id),
          created_at: time(c.created_at),
        }),
      ];
    }),
    step('/api/v2/company/referrals', (item) => {
      const r = obj(item);
      const membership = obj(r.promoter_campaign);
      return [
        row('customers', {
          id: str(r.id),
          email: str(r.email),
          provider: str(r.uid) ? 'card' : '',
          provider_customer_id: str(r.uid),
          affiliate_id: str(membership.promoter_id ?? obj(r.promoter).id ?? r.promoter_id),
          campaign_id: str(membership.campaign_id ?? r.campaign_id),
          source: 'import',
          created_at: time(r.created_at),
        }),
      ];
    }),
    step('/api/v2/company/commissions', (item) => {
      const c = obj(item);
      const membership = obj(c.promoter_campaign);
      const referral = obj(c.referral);
      return [
        row('commissions', {
          id: str(c.id),
          campaign_id: str(membership.campaign_id ?? c.campaign_id),
          affiliate_id: str(membership.promoter_id ?? obj(c.promoter).id ?? c.promoter_id),
          conversion_type: 'one_time',
          source: 'import',
          status: commissionStatusOf(c),
          amount: majorToDecimal(c.sale_amount) ?? '',
          commission: majorToDecimal(c.amount) ?? '',
          currency: (str(c.currency) || 'usd').toLowerCase(),
          order_id: str(c.event_id ?? c.external_id ?? c.id),
          customer_email: str(referral.email),
          paid_at: time(c.paid_at),
          approved_at: time(c.approved_at),
          created_at: time(c.created_at),
        }),
      ];
    }),
    // A payout is a promoter's sum for a period and names none of its commissions: the writer places
    // it on the promoter's paid commissions of that period when they add up to it.
    step('/api/v2/company/payouts', (item) => {
      const p = obj(item);
      return [
        row('payouts', {
          id: str(p.id),
          commission_id: '',
          affiliate_id: str(obj(p.promoter).id ?? p.promoter_id),
          campaign_id: str(obj(p.campaign).id ?? p.campaign_id),
          amount: majorToDecimal(p.amount) ?? '',
          // The payout object carries no currency (the account has one): the writer takes its commissions'.
          currency: str(p.currency).toLowerCase(),
          status: str(p.status),
          payout_method: payoutMethodOf(obj(p.payout_method).method ?? p.payout_method),
          completed_at: time(p.paid_at ?? p.completed_at),
          provider_reference: str(p.id),
          created_at: time(p.created_at),
          period_start: time(p.period_start),
          period_end: time(p.period_end),
        }),
      ];
    }),
  ],
};

import { minorToDecimal, type CurrencyCode } from '../../../domain/index.js';
import { fullName, membershipStatusOf, obj, payoutMethodOf, row, str, time, type MappedRow, type ReadPage, type SourceDefinition, type SourceStep } from './source-definition.js';

/**
 * Tolt's API v1 (docs.tolt.com): `https://api.tolt.com/v1`, `Authorization: Bearer <key>`, every list
 * scoped by `program_id`, `limit` (100 at most) and `starting_after` (the last id of the page) with
 * `{ success, has_more, data }`, 25 requests per second, amounts in cents. Reward terms are flows on
 * groups, which only Tolt's v2 API (another address) lists: the program becomes one campaign whose
 * terms the merchant sets here, and each partner's group a team.
 */
const PER_PAGE = 100;

const read = (body: unknown): ReadPage | null => {
  const b = obj(body);
  if (!Array.isArray(b.data)) return null;
  const last = obj(b.data[b.data.length - 1]).id;
  return { items: b.data, next: b.has_more === true && typeof last === 'string' ? last : null };
};

const step = (path: string, map: SourceStep['map'], extra: Record<string, string> = {}): SourceStep => ({
  path,
  query: (cursor, c) => ({ program_id: c.programId ?? '', limit: String(PER_PAGE), order: 'asc', ...(cursor ? { starting_after: cursor } : {}), ...extra }),
  read,
  map,
});

const currencyOf = (value: unknown): CurrencyCode => (str(value) || 'usd').toLowerCase() as CurrencyCode;

/**
 * A partner's group (`group_id`) becomes a team on the program's campaign with the partner as a member;
 * the team row repeats with each partner and is matched after the first. The v1 partner names only the
 * group's id, so the team is named after it for the merchant to rename; its flows (the group's terms)
 * are not read, so the team has no rate of its own.
 */
const groupRows = (p: Record<string, unknown>, programId: string): MappedRow[] => {
  const group = str(p.group_id);
  if (group === '') return [];
  return [
    row('teams', { id: group, name: `Tolt group ${group}` }),
    row('team_campaigns', { team_id: group, campaign_id: programId }),
    row('team_members', { team_id: group, affiliate_id: str(p.id), joined_at: time(p.created_at) }),
  ];
};

export const tolt: SourceDefinition = {
  baseUrl: 'https://api.tolt.com',
  budget: { requests: 25, periodMs: 1_000 },
  credentialFields: ['apiKey', 'programId'],
  headers: (c) => ({ authorization: `Bearer ${c.apiKey}` }),
  steps: [
    // The program, read from one partner with `expand[]=program`: its cookie window and currency.
    {
      path: '/v1/partners',
      query: (_cursor, c) => ({ program_id: c.programId ?? '', limit: '1', 'expand[]': 'program' }),
      read: (body) => {
        const page = read(body);
        return page && { items: [page.items[0] ?? {}], next: null };
      },
      map: (item, c) => {
        const program = obj(obj(item).program);
        return [
          row('campaigns', {
            id: c.programId ?? '',
            name: str(program.name) || 'Tolt program',
            description: "Imported from Tolt, whose API read here carries no reward terms (they are its groups' flows): set the commission here.",
            status: 'active',
            commission_type: 'percentage',
            commission_value: '0',
            recurring: 'true',
            cookie_days: str(program.cookie_duration ?? program.cookie_days),
            created_at: time(program.created_at),
          }),
        ];
      },
    },
    step('/v1/partners', (item, c) => {
      const p = obj(item);
      const details = obj(p.payout_details);
      return [
        row('affiliates', {
          id: str(p.id),
          email: str(p.email),
          name: fullName(p.first_name, p.last_name) || str(p.company_name),
          ref_code: '',
          payout_method: payoutMethodOf(p.payout_method),
          // Only an email of PayPal or Wise; bank details are never carried.
          payout_email: payoutMethodOf(p.payout_method) ? str(details.email) : '',
          created_at: time(p.created_at),
        }),
        row('referral_links', { affiliate_id: str(p.id), campaign_id: c.programId ?? '', status: membershipStatusOf(p.status), joined_at: time(p.created_at) }),
        ...groupRows(p, c.programId ?? ''),
      ];
    }),
    // A partner's links (`?ref=sam`, `?tolt_referral=…`): each value is kept as the affiliate's old referral code.
    step('/v1/links', (item, c) => {
      const l = obj(item);
      return [row('referral_links', { affiliate_id: str(l.partner_id), campaign_id: c.programId ?? '', status: 'approved', ref_code: str(l.value), joined_at: time(l.created_at) })];
    }),
    step('/v1/promotion-codes', (item, c) => {
      const p = obj(item);
      return [row('coupons', { id: str(p.id), campaign_id: c.programId ?? '', affiliate_id: str(p.partner_id), provider: 'card', code: str(p.code ?? p.name), provider_discount_id: str(p.stripe_id ?? p.external_id), created_at: time(p.created_at) })];
    }),
    step('/v1/customers', (item, c) => {
      const cu = obj(item);
      return [
        row('customers', {
          id: str(cu.id),
          email: str(cu.email),
          provider: str(cu.customer_id) ? 'card' : '',
          provider_customer_id: str(cu.customer_id),
          affiliate_id: str(cu.partner_id),
          campaign_id: c.programId ?? '',
          source: 'import',
          created_at: time(cu.created_at),
        }),
      ];
    }),
    step(
      '/v1/commissions',
      (item, c) => {
        const co = obj(item);
        const customer = obj(co.customer);
        const currency = currencyOf(co.currency);
        return [
          row('commissions', {
            id: str(co.id),
            campaign_id: c.programId ?? '',
            affiliate_id: str(co.partner_id ?? customer.partner_id),
            conversion_type: 'one_time',
            source: 'import',
            status: str(co.status),
            amount: minorToDecimal(co.revenue ?? 0, currency) ?? '',
            commission: minorToDecimal(co.amount, currency) ?? '',
            currency,
            order_id: str(co.charge_id ?? co.transaction_id ?? co.id),
            customer_email: str(customer.email),
            created_at: time(co.created_at),
          }),
        ];
      },
      { 'expand[]': 'customer' },
    ),
  ],
};

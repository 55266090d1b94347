import { formatAmount } from '../../domain/index.js';
import type { SearchIndex } from '../ports/search-index.js';
import type { Tenant } from '../shared/tenant.js';

export const SEARCH_TYPES = ['campaign', 'affiliate', 'coupon', 'conversion'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchHit {
  readonly type: SearchType;
  /** The record's own id (the HTTP adapter composes `<type>:<id>`). */
  readonly id: string;
  readonly title: string;
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

const joinTitle = (parts: readonly (string | null | undefined)[]): string => parts.filter((p): p is string => !!p).join(' · ');

/**
 * `GET /search`: campaigns (name), affiliates (name, email), coupons (code) and conversions (order id,
 * customer name or email) whose text contains `text`, ignoring case; at most `limit` per category,
 * newest first within each, in that category order.
 */
export class Search {
  constructor(private readonly index: SearchIndex) {}

  async execute(tenant: Tenant, text: string, limit: number): Promise<SearchHit[]> {
    const [campaigns, affiliates, coupons, conversions] = await Promise.all([
      this.index.campaigns(tenant, text, limit),
      this.index.affiliates(tenant, text, limit),
      this.index.coupons(tenant, text, limit),
      this.index.conversions(tenant, text, limit),
    ]);
    return [
      ...campaigns.map((c): SearchHit => ({ type: 'campaign', id: c.id, title: c.name })),
      ...affiliates.map((a): SearchHit => ({
        type: 'affiliate',
        id: a.id,
        title: a.name.toLowerCase() === a.email.toLowerCase() ? a.email : `${a.name} <${a.email}>`,
      })),
      ...coupons.map((c): SearchHit => ({ type: 'coupon', id: c.id, title: joinTitle([c.code, c.provider]) })),
      ...conversions.map((c): SearchHit => ({
        type: 'conversion',
        id: c.id,
        title: joinTitle([
          c.orderId ? `Order ${c.orderId}` : 'Conversion',
          c.customerName ?? c.customerEmail,
          `${formatAmount(c.amount, c.currency)} ${c.currency.toUpperCase()}`,
          c.status,
        ]),
      })),
    ];
  }
}

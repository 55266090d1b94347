import type { CouponProvider, LeadSource } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Period } from './stats-queries.js';
import type { Tenant } from '../shared/tenant.js';

/** A customer linked to the affiliate who referred them: a lead. */
export interface CustomerLead {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Tenant['mode'];
  readonly email: string | null;
  readonly provider: CouponProvider | null;
  readonly providerCustomerId: string | null;
  readonly affiliateId: string;
  readonly campaignId: string;
  /** The click that brought the customer, when the link came from one. */
  readonly clickId: string | null;
  readonly source: LeadSource;
  readonly createdAt: Date;
}

/** A lead as listed: with its affiliate's and campaign's names and when its click happened. */
export interface CustomerLeadView extends CustomerLead {
  readonly affiliateName: string;
  readonly affiliateEmail: string;
  readonly campaignName: string;
  readonly clickedAt: Date | null;
}

export interface CustomerLeads {
  /** Records the lead under `customerKey` unless the tenant has one there (the first link stays); answers the stored one. */
  record(lead: CustomerLead, customerKey: string): Promise<{ readonly lead: CustomerLead; readonly linked: boolean }>;
  /** Newest first. */
  list(tenant: Tenant, page: PageRequest): Promise<Page<CustomerLeadView>>;
  /** Leads linked in `[from, to)`. */
  count(tenant: Tenant, period: Period): Promise<number>;
}

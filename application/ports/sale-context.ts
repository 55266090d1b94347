import type { Affiliate, Campaign, CommissionRates, CurrencyCode, Decimal, Membership, RiskSettings } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';
import type { SaleClickFacts, SaleClickQuery } from './risk-facts.js';

/** What a sale's checks and its commission read, as the tenant sees it. */
export interface SaleContext {
  readonly campaign: Campaign;
  /** The affiliate if it has a membership (any status, any campaign) with the tenant's merchant in the tenant's mode. */
  readonly affiliate: Affiliate | null;
  /** The affiliate's membership on this campaign in the tenant's mode. */
  readonly membership: Membership | null;
  /**
   * The campaign's rate and volume tiers, plus, when the membership is linked to a team, the team's
   * base rate, its rate on this campaign and the member's override (the domain applies the precedence).
   */
  readonly rates: CommissionRates;
  /** The merchant's monthly earnings cap (null: none); a capped merchant's live sale locks the merchant to check it. */
  readonly merchantEarningsCap: Decimal | null;
  /** The currency the merchant's limits compare in (revenue volume tiers here). */
  readonly merchantReportingCurrency: CurrencyCode;
  /** The merchant's name, as its mail to affiliates signs. */
  readonly merchantBusinessName: string;
  /** The tenant's risk rules (the defaults until the merchant changes them). */
  readonly riskSettings: RiskSettings;
  /** Whether the affiliate already has a sale at the tenant (its first sale is news to the merchant). */
  readonly affiliateHasSales: boolean;
  /** The answer to the click query the caller asked along (absent when none was asked or it could not be asked). */
  readonly saleClick?: SaleClickAnswer;
}

/** A sale click query with what it found: null facts when the click is not (yet) the tenant's. */
export interface SaleClickAnswer {
  readonly query: SaleClickQuery;
  readonly facts: SaleClickFacts | null;
}

/** Everything a sale reads before its checks, in one look-up (in the caller's transaction, if any). */
export interface SaleContexts {
  /**
   * Null when the campaign is not the merchant's (campaigns are read by both modes). `click`: a sale
   * click query (of the same affiliate) to answer in the same look-up, as `RiskFacts.saleClick` would.
   */
  find(tenant: Tenant, campaignId: string, affiliateId: string, click?: SaleClickQuery | null): Promise<SaleContext | null>;
}

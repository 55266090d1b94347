import type { Membership, MembershipStatus } from '../../../domain/affiliate/membership.js';
import type { PayoutMethod } from '../../../domain/conversion/conversion.js';
import type { Affiliate, AffiliateOrigin, Mode } from '../../../domain/index.js';
import { prefixedColumns } from './prefixed-columns.js';
import type { Row } from '../schema/index.js';
import { dateOrNull } from './timestamps.js';

/** An `affiliates` row as raw SQL returns it. */
export type AffiliateRow = Omit<Row<'affiliates'>, 'version'>;

/** Affiliate columns under an alias, named as `AffiliateRow` expects (after `prefix`, for a join: see prefixed-columns.ts). */
export const affiliateColumns = (alias: string, prefix = ''): string =>
  prefixedColumns(
    ['id', 'merchant_id', 'email', 'name', 'is_test', 'headless', 'created_via', 'ref_code', 'payout_method', 'payout_email',
      'payout_details_completed_at', 'created_at', 'updated_at', 'notes', 'tags'],
    alias,
    prefix,
  );


export const affiliateFromRow = (r: AffiliateRow): Affiliate => ({
  id: r.id,
  merchantId: r.merchant_id,
  email: r.email,
  name: r.name,
  isTest: r.is_test,
  headless: r.headless,
  createdVia: r.created_via as AffiliateOrigin,
  refCode: r.ref_code,
  payoutMethod: r.payout_method as PayoutMethod | null,
  payoutEmail: r.payout_email,
  payoutDetailsCompletedAt: dateOrNull(r.payout_details_completed_at),
  notes: r.notes,
  tags: r.tags,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** An `affiliate_memberships` row as raw SQL returns it. */
export type MembershipRow = Omit<Row<'affiliate_memberships'>, 'team_id' | 'version'>;

const MEMBERSHIP_COLUMN_NAMES = ['id', 'merchant_id', 'mode', 'campaign_id', 'affiliate_id', 'status', 'joined_at', 'decided_at', 'updated_at'];

export const MEMBERSHIP_COLUMNS = MEMBERSHIP_COLUMN_NAMES.join(', ');

/** Membership columns under an alias, named `prefix` + the `MembershipRow` name (for a join). */
export const membershipColumns = (alias: string, prefix: string): string => prefixedColumns(MEMBERSHIP_COLUMN_NAMES, alias, prefix);

export const membershipFromRow = (r: MembershipRow): Membership => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  affiliateId: r.affiliate_id,
  campaignId: r.campaign_id,
  status: r.status as MembershipStatus,
  joinedAt: new Date(r.joined_at),
  decidedAt: dateOrNull(r.decided_at),
  updatedAt: new Date(r.updated_at),
});

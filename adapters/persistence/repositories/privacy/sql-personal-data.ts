import type { Kysely } from 'kysely';
import type { AffiliateDataExport, CustomerErasure, DataRecord, PersonalData } from '../../../../application/ports/personal-data.js';
import { randomCode } from '../../../../application/shared/random-code.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import { ERASED_TEXT, ERASED_RECIPIENT, erasedAffiliateFields } from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { scrubCopiedValues } from './copied-values.js';

/** An affiliate of the merchant with a membership in the tenant's mode (as `GET /affiliates/:id` sees it). */
const VISIBLE = `a.id = $1::uuid and a.merchant_id = $2
  and exists (select 1 from affiliate_memberships m where m.affiliate_id = a.id and m.merchant_id = $2 and m.mode = $3)`;

/** Rows as JSON documents: times and decimals come out as PostgreSQL writes them in JSON. */
const asJson = (select: string) => `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as rows from (${select}) r`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Personal data in PostgreSQL: an affiliate's copy, and erasure by placeholder and search of copies. */
export class SqlPersonalData implements PersonalData {
  constructor(private readonly orm: Orm) {}

  private get db(): Kysely<any> {
    return currentDb(this.orm);
  }

  private async rows(select: string, values: readonly unknown[]): Promise<DataRecord[]> {
    const [row] = await runSql<{ rows: DataRecord[] }>(this.db, asJson(select), values);
    return row?.rows ?? [];
  }

  async affiliateExport(tenant: Tenant, affiliateId: string): Promise<AffiliateDataExport | null> {
    if (!UUID.test(affiliateId)) return null;
    const scope = [affiliateId, tenant.merchantId, tenant.mode];
    const [affiliate] = await this.rows(
      `select a.id, a.email, a.name, a.ref_code as "refCode", a.payout_method as "payoutMethod", a.payout_email as "payoutEmail",
         a.payout_details_completed_at as "payoutDetailsCompletedAt", not a.headless as "portalLogin", a.is_test as "isTest", a.created_via as "createdVia",
         a.created_at as "createdAt", a.updated_at as "updatedAt"
       from affiliates a where ${VISIBLE}`,
      scope,
    );
    if (!affiliate) return null;
    const of = (select: string) => this.rows(select, scope);
    // $1 affiliate, $2 merchant, $3 mode: every part is the merchant's records of this affiliate in the key's mode.
    const [memberships, invitations, taxDetails, connectedAccounts, coupons, teams, commissions, payouts, payments, clicks, portalActivity] = await Promise.all([
      of(`select m.campaign_id as "campaignId", c.name as "campaignName", m.status, m.joined_at as "joinedAt", m.decided_at as "decidedAt"
          from affiliate_memberships m join campaigns c on c.id = m.campaign_id where m.affiliate_id = $1 and m.merchant_id = $2 and m.mode = $3 order by m.joined_at`),
      of(`select i.id, i.email, i.name, i.status, i.created_at as "createdAt" from affiliate_invitations i
          join affiliates a on a.id = $1 where i.merchant_id = $2 and i.mode = $3 and lower(i.email) = lower(a.email) order by i.created_at`),
      // The sealed form itself stays sealed: the summary is what the portal shows the affiliate.
      of(`select t.version, t.country, t.form, t.summary, t.created_at as "createdAt" from affiliate_tax_details t where t.affiliate_id = $1 and t.merchant_id = $2 and $3::text is not null order by t.version`),
      of(`select x.account_id as "accountId", x.payouts_enabled as "payoutsEnabled", x.created_at as "createdAt" from affiliate_connected_accounts x
          where x.affiliate_id = $1 and x.merchant_id = $2 and x.mode = $3`),
      of(`select k.id, k.campaign_id as "campaignId", k.provider, k.code, k.created_at as "createdAt", k.deleted_at as "deletedAt" from coupons k
          where k.affiliate_id = $1 and k.merchant_id = $2 and k.mode = $3 order by k.created_at`),
      of(`select t.id, t.name, m.joined_at as "joinedAt", t.leader_affiliate_id = $1 as leader from team_members m join teams t on t.id = m.team_id
          where m.affiliate_id = $1 and m.merchant_id = $2 and m.mode = $3 order by m.joined_at`),
      of(`select v.id, v.campaign_id as "campaignId", v.status, v.conversion_type as "conversionType", v.amount::text as amount, v.commission::text as commission,
            v.currency, v.order_id as "orderId", v.created_at as "createdAt", v.approved_at as "approvedAt", v.payout_date as "paidAt"
          from conversions v where v.affiliate_id = $1 and v.merchant_id = $2 and v.mode = $3 order by v.created_at`),
      of(`select p.id, p.conversion_id as "commissionId", p.amount::text as amount, p.currency, p.status, p.payout_method as "payoutMethod",
            p.scheduled_date as "scheduledDate", p.completed_at as "completedAt"
          from payouts p where p.affiliate_id = $1 and p.merchant_id = $2 and p.mode = $3 order by p.created_at`),
      of(`select y.id, y.method, y.amount::text as amount, y.currency, y.destination, y.status, y.created_at as "createdAt"
          from payout_payments y where y.affiliate_id = $1 and y.merchant_id = $2 and y.mode = $3 order by y.created_at`),
      of(`select count(*)::int as count, min(k.created_at) as first, max(k.created_at) as last from clicks k where k.affiliate_id = $1 and k.merchant_id = $2 and k.mode = $3`),
      // The portal's own audit rows: the address and browser each sign-in and change came from.
      of(`select l.method, l.path, l.status, l.address, l.user_agent as "userAgent", l.created_at as "createdAt" from audit_log l
          where l.merchant_id = $2 and l.actor = 'affiliate:' || $1 and $3::text is not null order by l.created_at desc limit 1000`),
    ]);
    const clickSummary = clicks[0] as { count: number; first: string | null; last: string | null } | undefined;
    return {
      affiliate,
      memberships,
      invitations,
      taxDetails,
      connectedAccounts,
      coupons,
      teams,
      commissions,
      payouts,
      payments,
      clicks: { count: clickSummary?.count ?? 0, first: clickSummary?.first ?? null, last: clickSummary?.last ?? null },
      portalActivity,
    };
  }

  async eraseAffiliate(tenant: Tenant, affiliateId: string, now: Date): Promise<boolean> {
    if (!UUID.test(affiliateId)) return false;
    const db = this.db;
    const [affiliate] = await runSql<{ email: string; name: string; payout_email: string | null }>(
      db,
      `select a.email, a.name, a.payout_email from affiliates a where ${VISIBLE} for update`,
      [affiliateId, tenant.merchantId, tenant.mode],
    );
    if (!affiliate) return false;
    const merchantId = tenant.merchantId;
    const invited = await runSql<{ email: string; name: string | null }>(
      db,
      'select email, name from affiliate_invitations where merchant_id = $1 and lower(email) = lower($2)',
      [merchantId, affiliate.email],
    );
    const accounts = await runSql<{ account_id: string }>(db, 'select account_id from affiliate_connected_accounts where affiliate_id = $1', [affiliateId]);
    const destinations = await runSql<{ destination: string }>(db, 'select destination from payout_payments where affiliate_id = $1 and destination is not null', [affiliateId]);
    const placeholder = erasedAffiliateFields(affiliateId);

    // The record itself: placeholders, no payout address, no portal login (headless), a new ref code.
    await runSql(
      db,
      `update affiliates set email = $2, name = $3, payout_email = null, payout_method = null, payout_details_completed_at = null, headless = true,
         ref_code = $4, updated_at = $5, version = version + 1 where id = $1`,
      [affiliateId, placeholder.email, placeholder.name, `erased-${randomCode(10)}`, now],
    );
    // Logins and sessions: sign-in links and open portal sessions go.
    await runSql(db, `delete from web_sessions where subject_kind = 'affiliate' and subject_id = $1`, [affiliateId]);
    await runSql(db, `delete from link_tokens where subject_kind = 'affiliate' and subject_id = $1`, [affiliateId]);
    // Invitations to the same address: placeholders, and a pending one is revoked (the invitation machine's only move from pending that needs no one).
    await runSql(
      db,
      `update affiliate_invitations set email = $3, name = null, status = case when status = 'pending' then 'revoked' else status end, updated_at = $4
        where merchant_id = $1 and lower(email) = lower($2)`,
      [merchantId, affiliate.email, placeholder.email, now],
    );
    // Tax forms and connected payout accounts identify the person; the sealed form goes with its summary.
    await runSql(db, 'delete from affiliate_tax_details where affiliate_id = $1 and merchant_id = $2', [affiliateId, merchantId]);
    await runSql(db, 'delete from affiliate_connected_accounts where affiliate_id = $1 and merchant_id = $2', [affiliateId, merchantId]);
    await runSql(db, 'update affiliate_bans set reason = $3 where affiliate_id = $1 and merchant_id = $2', [affiliateId, merchantId, ERASED_TEXT]);
    // Money records stay (amounts, statuses, dates); where they were sent does not.
    await runSql(db, `update payout_payments set destination = $3 where affiliate_id = $1 and merchant_id = $2 and destination is not null`, [affiliateId, merchantId, ERASED_TEXT]);
    // Audit rows stay; the address and browser of the affiliate's own portal requests do not.
    await runSql(db, `update audit_log set address = null, user_agent = null where merchant_id = $1 and actor = 'affiliate:' || $2`, [merchantId, affiliateId]);
    // Mail to the affiliate: a queued one is not sent; every one keeps its row without its text.
    await runSql(
      db,
      `update mail_outbox set recipient = $3, subject = $4, body = $4, html = null, provider_response = null,
         status = case when status = 'queued' then 'suppressed' else status end, updated_at = $5
        where merchant_id = $1 and lower(recipient) = any($2::text[])`,
      [merchantId, [affiliate.email, affiliate.payout_email].filter((e): e is string => e !== null).map((e) => e.toLowerCase()), placeholder.email, ERASED_TEXT, now],
    );
    // Sign-in throttle windows are keyed by the address asked for; they last minutes and are dropped.
    await runSql(db, 'delete from rate_limit_windows where strpos(bucket, lower($1)) > 0', [affiliate.email]);
    const values = [affiliate.email, affiliate.payout_email, ...invited.map((i) => i.email), ...accounts.map((a) => a.account_id), ...destinations.map((d) => d.destination)];
    const names = [affiliate.name, ...invited.map((i) => i.name)];
    await scrubCopiedValues(db, merchantId, values.filter((v): v is string => v !== null && v !== ERASED_TEXT), names.filter((n): n is string => n !== null));
    return true;
  }

  async eraseCustomer(tenant: Tenant, email: string, now: Date): Promise<CustomerErasure> {
    const db = this.db;
    const scope = [tenant.merchantId, tenant.mode, email];
    const names = await runSql<{ customer_name: string }>(
      db,
      'select distinct customer_name from conversions where merchant_id = $1 and mode = $2 and lower(customer_email) = lower($3) and customer_name is not null',
      scope,
    );
    const customers = await runSql<{ id: string }>(
      db,
      `update customers set email = null,
         customer_key = case when customer_key like 'email:%' then 'erased:' || id::text else customer_key end
        where merchant_id = $1 and mode = $2 and lower(email) = lower($3) returning id`,
      scope,
    );
    await runSql(db, 'update provider_customers set email = null where merchant_id = $1 and mode = $2 and lower(email) = lower($3)', scope);
    // The sales stay (amounts, statuses, the affiliate's commission); who bought does not.
    const commissions = await runSql<{ id: string }>(
      db,
      `update conversions set customer_email = null, customer_name = null, updated_at = $4
        where merchant_id = $1 and mode = $2 and lower(customer_email) = lower($3) returning id`,
      [...scope, now],
    );
    await runSql(
      db,
      `update mail_outbox set recipient = $3, subject = $4, body = $4, html = null, provider_response = null,
         status = case when status = 'queued' then 'suppressed' else status end, updated_at = $5
        where merchant_id = $1 and mode = $2 and lower(recipient) = lower($6)`,
      [tenant.merchantId, tenant.mode, ERASED_RECIPIENT, ERASED_TEXT, now, email],
    );
    // Copies are searched even when no record names the customer: a provider's notification may.
    await scrubCopiedValues(db, tenant.merchantId, [email], names.map((n) => n.customer_name));
    return { customers: customers.length, commissions: commissions.length };
  }
}

import { sql, type RawBuilder } from 'kysely';
import type { ClaimedAward, PaymentGroupCursor } from '../../../application/ports/payout-repository.js';
import type { Mode, PayoutMethod } from '../../../domain/index.js';
import { AWARD_COLUMNS, awardFromRow, type AwardRow } from '../mappers/team.mapper.js';

/**
 * The award side of the payout job's claims: team bonus awards paid in the same payments as the
 * affiliate's commissions. Plain SQL fragments the payout repository runs in its own statements.
 */

/** An approved award the service pays itself, due at `now`. */
export const awardDue = (now: Date): RawBuilder<unknown> =>
  sql`w.status = 'approved' and w.next_payout_attempt_at is not null and w.next_payout_attempt_at <= ${now}
    and m.automatic_payouts and not a.headless and a.payout_method is not null`;

/** The groups (merchant, mode, affiliate, currency) with a due award. */
export const awardDueGroups = (now: Date): RawBuilder<unknown> => sql`select w.merchant_id, w.mode, w.affiliate_id, w.currency
  from team_awards w
  join affiliates a on a.id = w.affiliate_id
  join merchants m on m.id = w.merchant_id
  where ${awardDue(now)}`;

type AwardLineRow = AwardRow & {
  next_payout_attempt_at: Date | string | null;
  payment_id: string | null;
  failed_payout_attempts: number;
  line_method: string;
  a_payout_email: string | null;
  a_email: string;
  a_connected_account: string | null;
};

const SELECT = sql.raw(`select ${AWARD_COLUMNS('w')}, w.next_payout_attempt_at, w.payment_id, w.failed_payout_attempts,
    a.payout_email as a_payout_email, a.email as a_email, ca.account_id as a_connected_account`);
const CONNECTED_ACCOUNT = sql.raw(`left join affiliate_connected_accounts ca
    on ca.merchant_id = w.merchant_id and ca.mode = w.mode and ca.affiliate_id = w.affiliate_id and ca.payouts_enabled`);

const lineOf = (row: AwardLineRow): ClaimedAward => ({
  award: awardFromRow(row),
  mode: row.mode as Mode,
  schedule: {
    attempts: row.payout_attempts,
    failedAttempts: row.failed_payout_attempts,
    nextAttemptAt: row.next_payout_attempt_at === null ? null : new Date(row.next_payout_attempt_at),
    paymentId: row.payment_id,
  },
  destination: {
    payoutMethod: row.line_method as PayoutMethod,
    payoutEmail: row.a_payout_email,
    connectedAccountId: row.a_connected_account,
    affiliateEmail: row.a_email,
  },
});

type Exec = <T>(statement: RawBuilder<T>) => Promise<T[]>;

/** Due awards of the given groups, locked (`SKIP LOCKED`), in group order. */
export const claimDueAwards = async (exec: Exec, now: Date, groups: readonly PaymentGroupCursor[]): Promise<ClaimedAward[]> => {
  if (groups.length === 0) return [];
  const keys = sql.join(groups.map((g) => sql`(${g.merchantId}::uuid, ${g.mode}::text, ${g.affiliateId}::uuid, ${g.currency}::text)`));
  const rows = await exec(sql<AwardLineRow>`${SELECT}, a.payout_method as line_method
    from team_awards w
    join affiliates a on a.id = w.affiliate_id
    join merchants m on m.id = w.merchant_id
    ${CONNECTED_ACCOUNT}
    where ${awardDue(now)} and (w.merchant_id, w.mode, w.affiliate_id, w.currency) in (${keys})
    order by w.merchant_id, w.mode, w.affiliate_id, w.currency, w.id
    for update of w skip locked`);
  return rows.map(lineOf);
};

/** Processing awards (with a payment) matching `where`, locked (`SKIP LOCKED`); the method is the attempt's. */
export const processingAwards = async (exec: Exec, where: RawBuilder<unknown>): Promise<ClaimedAward[]> => {
  const rows = await exec(sql<AwardLineRow>`${SELECT}, w.payout_method as line_method
    from team_awards w
    join affiliates a on a.id = w.affiliate_id
    ${CONNECTED_ACCOUNT}
    where w.status = 'processing' and w.payment_id is not null and w.payout_method is not null and ${where}
    order by w.payment_id, w.id
    for update of w skip locked`);
  return rows.map(lineOf);
};

/** Payment ids of processing awards due for a look (a lease passed, or a transfer in transit to ask about). */
export const awardPaymentsDue = (now: Date): RawBuilder<unknown> => sql`select w.payment_id from team_awards w
  where w.status = 'processing' and w.payment_id is not null and w.next_payout_attempt_at <= ${now}`;

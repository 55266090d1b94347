import { sql } from 'kysely';
import type { AwaitingDetails, PayoutDetailsReminderStore } from '../../../application/ports/payout-details-reminders.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

interface DueRow {
  merchant_id: string;
  mode: 'live' | 'test';
  affiliate_id: string;
  due: { currency: string; amount: string }[];
}

/** `payout_details_reminders` and the rows waiting for payout details, in the caller's transaction. */
export class SqlPayoutDetailsReminderStore implements PayoutDetailsReminderStore {
  constructor(private readonly orm: Orm) {}

  async awaitingDetails(now: Date, remindedBefore: Date, limit: number): Promise<readonly AwaitingDetails[]> {
    // The rows the payout job's release step passes over (no payout method), past their holding period.
    const { rows } = await sql<DueRow>`with waiting as (
         select p.merchant_id, p.mode, p.affiliate_id
         from payouts p
         join affiliates a on a.id = p.affiliate_id
         where p.status = 'pending' and p.scheduled_date <= ${now} and not a.headless and a.payout_method is null
           and not exists (select 1 from payout_details_reminders r
                           where r.merchant_id = p.merchant_id and r.mode = p.mode and r.affiliate_id = p.affiliate_id and r.sent_at > ${remindedBefore})
         group by 1, 2, 3
         order by 1, 2, 3
         limit ${limit}
       )
       select w.merchant_id, w.mode, w.affiliate_id,
              (select json_agg(json_build_object('currency', s.currency, 'amount', s.amount::text) order by s.currency)
                 from (select p.currency, sum(p.amount) as amount from payouts p
                       where p.merchant_id = w.merchant_id and p.mode = w.mode and p.affiliate_id = w.affiliate_id
                         and p.status = 'pending' and p.scheduled_date <= ${now}
                       group by p.currency) s) as due
       from waiting w`.execute(currentDb(this.orm));
    return rows.map((row) => ({
      tenant: { merchantId: row.merchant_id, mode: row.mode },
      affiliateId: row.affiliate_id,
      due: row.due.map((d) => ({ currency: d.currency as CurrencyCode, amount: new Decimal(d.amount) })),
    }));
  }

  async claim(tenant: Tenant, affiliateId: string, now: Date, remindedBefore: Date): Promise<boolean> {
    const { rows } = await sql<{ affiliate_id: string }>`insert into payout_details_reminders (merchant_id, mode, affiliate_id, sent_at)
       values (${tenant.merchantId}, ${tenant.mode}, ${affiliateId}, ${now})
       on conflict (merchant_id, mode, affiliate_id) do update set sent_at = excluded.sent_at
         where payout_details_reminders.sent_at <= ${remindedBefore}
       returning affiliate_id`.execute(currentDb(this.orm));
    return rows.length === 1;
  }
}

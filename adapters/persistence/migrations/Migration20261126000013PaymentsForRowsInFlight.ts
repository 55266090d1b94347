import { Migration } from '@mikro-orm/migrations';

/**
 * Rows that were `processing` before payments existed get one payment each (same amount, method and
 * provider reference), so the payout job's follow-up, which works by payment, finishes them. Only the
 * sandbox providers existed then: a row whose answer was never saved is asked again under the
 * payment's id, a new key at the sandbox, which no real provider ever saw.
 */
export class Migration20261126000013PaymentsForRowsInFlight extends Migration {
  override up(): void {
    this.addSql(`
      with legacy as (
        select p.id as payout_id, gen_random_uuid() as payment_id from payouts p
        where p.status = 'processing' and p.payment_id is null and p.payout_method is not null and p.amount > 0
      ), made as (
        insert into payout_payments (id, merchant_id, mode, affiliate_id, method, currency, gross, clawback, amount, destination, status,
                                     provider_reference, card_payment_id, failure_reason, retryable, created_at, updated_at)
        select l.payment_id, p.merchant_id, p.mode, p.affiliate_id, p.payout_method, p.currency, p.amount, 0, p.amount, null, 'processing',
               p.provider_reference, null, null, false, coalesce(p.last_attempt_at, p.updated_at), p.updated_at
        from legacy l join payouts p on p.id = l.payout_id
        returning id
      )
      update payouts p set payment_id = l.payment_id from legacy l where p.id = l.payout_id and exists (select 1 from made where made.id = l.payment_id);`);
  }
}

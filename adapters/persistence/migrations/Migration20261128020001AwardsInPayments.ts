import { Migration } from '@mikro-orm/migrations';

/**
 * Team bonus awards are paid in the payout job's payments, with the affiliate's commissions: an award
 * names its payment and counts its failed attempts as a payout row does, and a payment records the
 * part of its sum that is bonus awards. Awards left `processing` by the old award job (no payment)
 * are queued again; live awards that only the sandbox "paid" never received money, so they go back
 * to `approved` and are paid for real.
 */
export class Migration20261128020001AwardsInPayments extends Migration {
  override up(): void {
    this.addSql(`alter table payout_payments add column bonus numeric(20,6) not null default 0 check (bonus >= 0 and bonus <= gross);`);
    this.addSql(`alter table team_awards add column payment_id uuid null references payout_payments (id);`);
    this.addSql(`alter table team_awards add column failed_payout_attempts integer not null default 0;`);
    this.addSql(`create index team_awards_payment_idx on team_awards (payment_id) where payment_id is not null;`);
    this.addSql(`create index team_awards_due_group_idx on team_awards (merchant_id, mode, affiliate_id, currency) where status in ('approved', 'processing');`);
    this.addSql(`
      update team_awards set status = 'approved', next_payout_attempt_at = now(), payout_reference = null, failed_payout_attempts = 0
      where status = 'processing' and payment_id is null;`);
    this.addSql(`
      update team_awards set status = 'approved', paid_at = null, card_transfer_id = null, payout_reference = null,
        failure_reason = 'sandbox_transfer_not_paid', next_payout_attempt_at = now(), failed_payout_attempts = 0, version = version + 1
      where mode = 'live' and status = 'paid' and card_transfer_id like 'tr\\_sbx\\_%';`);
  }
}

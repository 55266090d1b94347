import { Migration } from '@mikro-orm/migrations';

/**
 * "Payouts due" joins the notices a merchant may get by email: ticked for new merchants, and for
 * those who never changed the choices (their list is still the old full default).
 */
export class Migration20261129030002PayoutsDueNotice extends Migration {
  override up(): void {
    this.addSql(`alter table merchant_settings alter column email_notices set default '["new_application", "first_sale", "payouts_due", "failures"]';`);
    this.addSql(`
      update merchant_settings set email_notices = '["new_application", "first_sale", "payouts_due", "failures"]'
      where email_notices = '["new_application", "first_sale", "failures"]'::jsonb;`);
  }
}

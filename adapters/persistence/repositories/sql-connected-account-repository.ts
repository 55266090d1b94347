import { sql } from 'kysely';
import type { ConnectedAccount, ConnectedAccountRepository } from '../../../application/ports/connected-accounts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type AccountRow = Omit<Row<'affiliate_connected_accounts'>, 'created_at' | 'updated_at' | 'mode'> & { mode: 'live' | 'test' };

const fromRow = (r: AccountRow): ConnectedAccount => ({
  tenant: { merchantId: r.merchant_id, mode: r.mode },
  affiliateId: r.affiliate_id,
  accountId: r.account_id,
  payoutsEnabled: r.payouts_enabled,
});

/** `affiliate_connected_accounts`, in the caller's transaction. */
export class SqlConnectedAccountRepository implements ConnectedAccountRepository {
  constructor(private readonly orm: Orm) {}

  async find(tenant: Tenant, affiliateId: string): Promise<ConnectedAccount | null> {
    const {
      rows: [row],
    } = await sql<AccountRow>`select merchant_id, mode, affiliate_id, account_id, payouts_enabled from affiliate_connected_accounts
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}`.execute(currentDb(this.orm));
    return row ? fromRow(row) : null;
  }

  async insert(account: ConnectedAccount, now: Date): Promise<void> {
    await sql`insert into affiliate_connected_accounts (merchant_id, mode, affiliate_id, account_id, payouts_enabled, created_at, updated_at)
       values (${account.tenant.merchantId}, ${account.tenant.mode}, ${account.affiliateId}, ${account.accountId}, ${account.payoutsEnabled}, ${now}, ${now})
       on conflict do nothing`.execute(currentDb(this.orm));
  }

  async enablePayouts(tenant: Tenant, accountId: string, now: Date): Promise<ConnectedAccount | null> {
    const {
      rows: [row],
    } = await sql<AccountRow>`select merchant_id, mode, affiliate_id, account_id, payouts_enabled from affiliate_connected_accounts
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and account_id = ${accountId} for update`.execute(currentDb(this.orm));
    if (!row) return null;
    if (!row.payouts_enabled) {
      await sql`update affiliate_connected_accounts set payouts_enabled = true, updated_at = ${now} where account_id = ${accountId}`.execute(currentDb(this.orm));
    }
    return fromRow(row);
  }
}

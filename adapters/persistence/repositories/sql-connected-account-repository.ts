import type { ConnectedAccount, ConnectedAccountRepository } from '../../../application/ports/connected-accounts.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentEm, type Orm } from '../orm.js';
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
    const [row] = await currentEm(this.orm).execute<AccountRow[]>(
      `select merchant_id, mode, affiliate_id, account_id, payouts_enabled from affiliate_connected_accounts where merchant_id = ? and mode = ? and affiliate_id = ?`,
      [tenant.merchantId, tenant.mode, affiliateId],
    );
    return row ? fromRow(row) : null;
  }

  async insert(account: ConnectedAccount, now: Date): Promise<void> {
    await currentEm(this.orm).execute(
      `insert into affiliate_connected_accounts (merchant_id, mode, affiliate_id, account_id, payouts_enabled, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [account.tenant.merchantId, account.tenant.mode, account.affiliateId, account.accountId, account.payoutsEnabled, now, now],
    );
  }

  async enablePayouts(tenant: Tenant, accountId: string, now: Date): Promise<ConnectedAccount | null> {
    const [row] = await currentEm(this.orm).execute<AccountRow[]>(
      `select merchant_id, mode, affiliate_id, account_id, payouts_enabled from affiliate_connected_accounts
       where merchant_id = ? and mode = ? and account_id = ? for update`,
      [tenant.merchantId, tenant.mode, accountId],
    );
    if (!row) return null;
    if (!row.payouts_enabled) {
      await currentEm(this.orm).execute(`update affiliate_connected_accounts set payouts_enabled = true, updated_at = ? where account_id = ?`, [now, accountId]);
    }
    return fromRow(row);
  }
}

import { sql, type RawBuilder } from 'kysely';
import type { MerchantUser, MerchantUserRole } from '../../../application/merchant-users/merchant-user.js';
import type { MerchantUserRepository } from '../../../application/ports/merchant-user-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type UserRow = Omit<Row<'merchant_users'>, 'role'> & { role: MerchantUserRole };

const COLUMNS = sql.raw('id, merchant_id, email, role, manage_payouts, password_hash, created_at');
const fromRow = (r: UserRow): MerchantUser => ({
  id: r.id,
  merchantId: r.merchant_id,
  email: r.email,
  role: r.role,
  managePayouts: r.manage_payouts,
  passwordHash: r.password_hash,
  createdAt: new Date(r.created_at),
});

/** `merchant_users` in plain SQL. */
export class SqlMerchantUserRepository implements MerchantUserRepository {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(u: MerchantUser): Promise<'inserted' | 'exists'> {
    const rows = await this.exec(sql<{ id: string }>`insert into merchant_users (id, merchant_id, email, role, manage_payouts, password_hash, created_at)
       values (${u.id}, ${u.merchantId}, ${u.email}, ${u.role}, ${u.managePayouts}, ${u.passwordHash}, ${u.createdAt})
       on conflict (email) do nothing returning id`);
    return rows.length === 1 ? 'inserted' : 'exists';
  }

  async findByEmail(email: string): Promise<MerchantUser | null> {
    const [row] = await this.exec(sql<UserRow>`select ${COLUMNS} from merchant_users where email = ${email}`);
    return row ? fromRow(row) : null;
  }

  async findById(merchantId: string, id: string): Promise<MerchantUser | null> {
    const [row] = await this.exec(sql<UserRow>`select ${COLUMNS} from merchant_users where id = ${id} and merchant_id = ${merchantId}`);
    return row ? fromRow(row) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.exec(sql`update merchant_users set password_hash = ${passwordHash} where id = ${id}`);
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<MerchantUser>> {
    const [rows, [count]] = await Promise.all([
      this.exec(sql<UserRow>`select ${COLUMNS} from merchant_users where merchant_id = ${merchantId} order by created_at, id limit ${page.limit} offset ${offsetOf(page)}`),
      this.exec(sql<{ n: string }>`select count(*) as n from merchant_users where merchant_id = ${merchantId}`),
    ]);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0), page: page.page, limit: page.limit };
  }
}

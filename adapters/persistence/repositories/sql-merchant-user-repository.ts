import type { MerchantUser, MerchantUserRole } from '../../../application/merchant-users/merchant-user.js';
import type { MerchantUserRepository } from '../../../application/ports/merchant-user-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { currentEm, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type UserRow = Omit<Row<'merchant_users'>, 'role'> & { role: MerchantUserRole };

const COLUMNS = 'id, merchant_id, email, role, manage_payouts, password_hash, created_at';
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

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async insert(u: MerchantUser): Promise<'inserted' | 'exists'> {
    const rows = await this.exec<{ id: string }>(
      `insert into merchant_users (id, merchant_id, email, role, manage_payouts, password_hash, created_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (email) do nothing returning id`,
      [u.id, u.merchantId, u.email, u.role, u.managePayouts, u.passwordHash, u.createdAt],
    );
    return rows.length === 1 ? 'inserted' : 'exists';
  }

  async findByEmail(email: string): Promise<MerchantUser | null> {
    const [row] = await this.exec<UserRow>(`select ${COLUMNS} from merchant_users where email = ?`, [email]);
    return row ? fromRow(row) : null;
  }

  async findById(merchantId: string, id: string): Promise<MerchantUser | null> {
    const [row] = await this.exec<UserRow>(`select ${COLUMNS} from merchant_users where id = ? and merchant_id = ?`, [id, merchantId]);
    return row ? fromRow(row) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.exec(`update merchant_users set password_hash = ? where id = ?`, [passwordHash, id]);
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<MerchantUser>> {
    const [rows, [count]] = await Promise.all([
      this.exec<UserRow>(`select ${COLUMNS} from merchant_users where merchant_id = ? order by created_at, id limit ? offset ?`, [merchantId, page.limit, offsetOf(page)]),
      this.exec<{ n: string }>(`select count(*) as n from merchant_users where merchant_id = ?`, [merchantId]),
    ]);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0), page: page.page, limit: page.limit };
  }
}

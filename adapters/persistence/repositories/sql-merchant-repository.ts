import { sql } from 'kysely';
import type { ChangeFeed } from '../../cache/change-feed.js';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import type { Merchant } from '../../../domain/index.js';
import { merchantToDomain, merchantToRow, type MerchantRow } from '../mappers/merchant.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { insertListsOf } from './row-sql.js';
import { columnsOf } from '../schema/index.js';

const COLUMNS = sql.join(columnsOf('merchants').map((column) => sql.ref(column)));

export class SqlMerchantRepository implements MerchantRepository {
  constructor(
    private readonly orm: Orm,
    private readonly changes: ChangeFeed,
  ) {}

  async insert(merchant: Merchant): Promise<void> {
    const { columns, values } = insertListsOf(merchantToRow(merchant));
    await sql`insert into merchants (${columns}) values (${values})`.execute(currentDb(this.orm));
  }

  async update(merchant: Merchant): Promise<void> {
    const { id, ...fields } = merchantToRow(merchant);
    this.changes.expect({ kind: 'merchant', id });
    const assignments = Object.entries(fields).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    await sql`update merchants set ${sql.join(assignments)} where id = ${id}`.execute(currentDb(this.orm));
  }

  async findById(id: string): Promise<Merchant | null> {
    const { rows } = await sql<MerchantRow>`select ${COLUMNS} from merchants where id = ${id}`.execute(currentDb(this.orm));
    return rows[0] ? merchantToDomain(rows[0]) : null;
  }

  /** On the sale path (live conversions with an earnings cap): plain SQL, no entity hydration. */
  async findByIdForUpdate(id: string): Promise<Merchant | null> {
    const { rows } = await sql<MerchantRow>`select ${COLUMNS} from merchants where id = ${id} for update`.execute(currentDb(this.orm));
    return rows[0] ? merchantToDomain(rows[0]) : null;
  }

  async count(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from merchants`.execute(currentDb(this.orm));
    return rows[0]!.n;
  }
}

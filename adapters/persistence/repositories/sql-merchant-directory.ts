import { sql } from 'kysely';
import type { ApiKey } from '../../../application/api-keys/api-key.js';
import type { MerchantDirectory } from '../../../application/ports/merchant-directory.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Merchant } from '../../../domain/index.js';
import { apiKeyToDomain, type ApiKeyRow } from '../mappers/api-key.mapper.js';
import { merchantToDomain, type MerchantRow } from '../mappers/merchant.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { columnsOf } from '../schema/index.js';
import { API_KEY_COLUMNS } from './sql-api-key-repository.js';

const MERCHANT_COLUMNS = sql.join(columnsOf('merchants').map((column) => sql.ref(column)));

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Operator reads: rare and small. */
export class SqlMerchantDirectory implements MerchantDirectory {
  constructor(private readonly orm: Orm) {}

  async list(filter: { readonly email?: string | undefined }, page: PageRequest): Promise<Page<Merchant>> {
    const db = currentDb(this.orm);
    const where = filter.email ? sql`where email ilike ${likePattern(filter.email)}` : sql``;
    const { rows } = await sql<MerchantRow>`select ${MERCHANT_COLUMNS} from merchants ${where}
      order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(db);
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from merchants ${where}`.execute(db);
    return { items: rows.map(merchantToDomain), total: count[0]!.n, page: page.page, limit: page.limit };
  }

  async keys(merchantId: string): Promise<readonly ApiKey[]> {
    const { rows } = await sql<ApiKeyRow>`select ${API_KEY_COLUMNS} from api_keys where merchant_id = ${merchantId}
      order by created_at desc, id desc`.execute(currentDb(this.orm));
    return rows.map(apiKeyToDomain);
  }
}

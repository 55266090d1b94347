import { sql } from 'kysely';
import type { ChangeFeed } from '../../cache/change-feed.js';
import type { ApiKey } from '../../../application/api-keys/api-key.js';
import type { ApiKeyRepository } from '../../../application/ports/api-key-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { apiKeyToDomain, apiKeyToRow, type ApiKeyRow } from '../mappers/api-key.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { insertListsOf } from './row-sql.js';
import { columnsOf } from '../schema/index.js';

export const API_KEY_COLUMNS = sql.join(columnsOf('api_keys').map((column) => sql.ref(column)));

export class SqlApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly orm: Orm,
    private readonly changes: ChangeFeed,
  ) {}

  async insert(key: ApiKey): Promise<void> {
    const { columns, values } = insertListsOf(apiKeyToRow(key));
    await sql`insert into api_keys (${columns}) values (${values})`.execute(currentDb(this.orm));
  }

  async findById(id: string): Promise<ApiKey | null> {
    const { rows } = await sql<ApiKeyRow>`select ${API_KEY_COLUMNS} from api_keys where id = ${id}`.execute(currentDb(this.orm));
    return rows[0] ? apiKeyToDomain(rows[0]) : null;
  }

  async markRevoked(id: string, at: Date): Promise<void> {
    const { rows } = await sql<{ lookup: string }>`update api_keys set revoked_at = ${at} where id = ${id} returning lookup`.execute(
      currentDb(this.orm),
    );
    // Before the response: this process's next request must not be admitted from memory.
    if (rows[0]) this.changes.expect({ kind: 'key', id: rows[0].lookup });
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const db = currentDb(this.orm);
    const { rows } = await sql<ApiKeyRow>`select ${API_KEY_COLUMNS} from api_keys where merchant_id = ${merchantId}
      order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(db);
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from api_keys where merchant_id = ${merchantId}`.execute(db);
    return { items: rows.map(apiKeyToDomain), page: page.page, limit: page.limit, total: count[0]!.n };
  }
}

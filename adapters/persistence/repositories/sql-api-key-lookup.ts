import type { ApiKeyLookup } from '../../../application/ports/api-key-lookup.js';
import type { ApiKeyWithMerchant } from '../../../application/ports/api-key-repository.js';
import { KEY_COLUMNS, keyWithMerchantFromRow, MERCHANT_COLUMNS, type KeyWithMerchantRow } from '../mappers/api-key-with-merchant.mapper.js';
import { runNamedRead } from '../named-statement.js';
import type { Orm } from '../orm.js';

const BY_LOOKUP = `select ${KEY_COLUMNS}, ${MERCHANT_COLUMNS} from api_keys k join merchants m on m.id = k.merchant_id where k.lookup = $1`;

export class SqlApiKeyLookup implements ApiKeyLookup {
  constructor(private readonly orm: Orm) {}

  async find(lookup: string): Promise<ApiKeyWithMerchant | null> {
    const [row] = await runNamedRead<KeyWithMerchantRow>(this.orm, 'api_key_by_lookup', BY_LOOKUP, [lookup]);
    return row ? keyWithMerchantFromRow(row) : null;
  }
}

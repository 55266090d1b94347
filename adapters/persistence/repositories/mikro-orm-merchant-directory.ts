import type { ApiKey } from '../../../application/api-keys/api-key.js';
import type { MerchantDirectory } from '../../../application/ports/merchant-directory.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Merchant } from '../../../domain/index.js';
import { apiKeyToDomain } from '../mappers/api-key.mapper.js';
import { merchantToDomain } from '../mappers/merchant.mapper.js';
import { currentEm, type Orm } from '../orm.js';
import { ApiKeyRecord } from '../records/api-key.record.js';
import { MerchantRecord } from '../records/merchant.record.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Operator reads: rare and small, so plain entity queries. */
export class MikroOrmMerchantDirectory implements MerchantDirectory {
  constructor(private readonly orm: Orm) {}

  async list(filter: { readonly email?: string | undefined }, page: PageRequest): Promise<Page<Merchant>> {
    const where = filter.email ? { email: { $ilike: likePattern(filter.email) } } : {};
    const [records, total] = await currentEm(this.orm).findAndCount(MerchantRecord, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: offsetOf(page),
      disableIdentityMap: true,
    });
    return { items: records.map(merchantToDomain), total, page: page.page, limit: page.limit };
  }

  async keys(merchantId: string): Promise<readonly ApiKey[]> {
    const records = await currentEm(this.orm).find(ApiKeyRecord, { merchantId }, { orderBy: { createdAt: 'desc', id: 'desc' }, disableIdentityMap: true });
    return records.map(apiKeyToDomain);
  }
}

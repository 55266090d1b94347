import type { ApiKey } from '../../../application/api-keys/api-key.js';
import type { ApiKeyRepository } from '../../../application/ports/api-key-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { apiKeyToDomain, apiKeyToRecord } from '../mappers/api-key.mapper.js';
import { currentEm, type Orm } from '../orm.js';
import { ApiKeyRecord } from '../records/api-key.record.js';

export class MikroOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly orm: Orm) {}

  async insert(key: ApiKey): Promise<void> {
    await currentEm(this.orm).insert(ApiKeyRecord, apiKeyToRecord(key));
  }

  async findById(id: string): Promise<ApiKey | null> {
    const record = await currentEm(this.orm).findOne(ApiKeyRecord, { id }, { disableIdentityMap: true });
    return record ? apiKeyToDomain(record) : null;
  }

  async markRevoked(id: string, at: Date): Promise<void> {
    await currentEm(this.orm).nativeUpdate(ApiKeyRecord, { id }, { revokedAt: at });
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const [records, total] = await currentEm(this.orm).findAndCount(
      ApiKeyRecord,
      { merchantId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page), disableIdentityMap: true },
    );
    return { items: records.map(apiKeyToDomain), page: page.page, limit: page.limit, total };
  }
}

import { LockMode } from '@mikro-orm/core';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import type { Merchant } from '../../../domain/index.js';
import { merchantToDomain, merchantToRecord } from '../mappers/merchant.mapper.js';
import { currentEm, type Orm } from '../orm.js';
import { MerchantRecord } from '../records/merchant.record.js';

export class MikroOrmMerchantRepository implements MerchantRepository {
  constructor(private readonly orm: Orm) {}

  async insert(merchant: Merchant): Promise<void> {
    await currentEm(this.orm).insert(MerchantRecord, merchantToRecord(merchant));
  }

  async update(merchant: Merchant): Promise<void> {
    const { id, ...fields } = merchantToRecord(merchant);
    await currentEm(this.orm).nativeUpdate(MerchantRecord, { id }, fields);
  }

  async findById(id: string): Promise<Merchant | null> {
    const record = await currentEm(this.orm).findOne(MerchantRecord, { id }, { disableIdentityMap: true });
    return record ? merchantToDomain(record) : null;
  }

  async findByIdForUpdate(id: string): Promise<Merchant | null> {
    const record = await currentEm(this.orm).findOne(
      MerchantRecord,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    return record ? merchantToDomain(record) : null;
  }

  count(): Promise<number> {
    return currentEm(this.orm).count(MerchantRecord, {});
  }
}

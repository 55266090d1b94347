import { sql } from 'kysely';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import type { Merchant } from '../../../domain/index.js';
import { merchantToDomain, merchantToRecord } from '../mappers/merchant.mapper.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { MerchantRecord } from '../records/merchant.record.js';

interface MerchantRow {
  id: string;
  business_name: string;
  email: string;
  plan: string;
  custom_domain: string | null;
  automatic_payouts: boolean;
  monthly_earnings_cap: string | null;
  affiliate_limit: number | null;
  payout_holding_days: number;
  invitation_expiry_days: number;
  created_at: Date;
  updated_at: Date;
}

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

  /** On the sale path (live conversions with an earnings cap): plain SQL, no entity hydration. */
  async findByIdForUpdate(id: string): Promise<Merchant | null> {
    const { rows } = await sql<MerchantRow>`select id, business_name, email, plan, custom_domain, automatic_payouts, monthly_earnings_cap, affiliate_limit,
        payout_holding_days, invitation_expiry_days, created_at, updated_at
      from merchants where id = ${id} for update`.execute(currentDb(this.orm));
    const r = rows[0];
    if (!r) return null;
    return merchantToDomain({
      id: r.id,
      businessName: r.business_name,
      email: r.email,
      plan: r.plan,
      customDomain: r.custom_domain,
      automaticPayouts: r.automatic_payouts,
      monthlyEarningsCap: r.monthly_earnings_cap,
      affiliateLimit: r.affiliate_limit,
      payoutHoldingDays: r.payout_holding_days,
      invitationExpiryDays: r.invitation_expiry_days,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    } as MerchantRecord);
  }

  count(): Promise<number> {
    return currentEm(this.orm).count(MerchantRecord, {});
  }
}

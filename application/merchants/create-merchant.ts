import { DEFAULT_CURRENCY, DEFAULT_INVITATION_EXPIRY_DAYS, DEFAULT_PAYOUT_HOLDING_DAYS, type Merchant } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { MerchantFields } from './merchant-input.js';

export type CreateMerchantInput = Pick<MerchantFields, 'businessName' | 'email' | 'plan'> &
  Partial<Omit<MerchantFields, 'businessName' | 'email' | 'plan'>>;

export class CreateMerchant {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateMerchantInput): Promise<Merchant> {
    return this.uow.transaction(async () => {
      const now = this.clock.now();
      const merchant: Merchant = {
        id: this.ids.next(),
        businessName: input.businessName,
        email: input.email,
        plan: input.plan,
        customDomain: input.customDomain ?? null,
        websiteUrl: input.websiteUrl ?? null,
        automaticPayouts: input.automaticPayouts ?? false,
        monthlyEarningsCap: input.monthlyEarningsCap ?? null,
        reportingCurrency: input.reportingCurrency ?? DEFAULT_CURRENCY,
        affiliateLimit: input.affiliateLimit ?? null,
        payoutHoldingDays: input.payoutHoldingDays ?? DEFAULT_PAYOUT_HOLDING_DAYS,
        invitationExpiryDays: input.invitationExpiryDays ?? DEFAULT_INVITATION_EXPIRY_DAYS,
        createdAt: now,
        updatedAt: now,
      };
      await this.merchants.insert(merchant);
      return merchant;
    });
  }
}

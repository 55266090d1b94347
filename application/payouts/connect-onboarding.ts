import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import type { SavePayoutDetails } from '../affiliates/save-payout-details.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { ConnectedAccountRepository, ConnectOnboardingProvider } from '../ports/connected-accounts.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

export interface OnboardingLink {
  readonly accountId: string;
  readonly url: string;
}

/**
 * Where an affiliate's connected account stands at one merchant: none yet, onboarding, or paid out
 * to; `unavailable` when it has none and the merchant has no `connect` credentials in the mode.
 */
export type ConnectStanding = 'unavailable' | 'not_started' | 'pending' | 'payouts_enabled';

/**
 * Connected-account payouts: the affiliate gets an Express account on the merchant's card-processor
 * account and finishes onboarding through a one-time link; the processor's `account.updated` with
 * payouts enabled then completes its payout details (`affiliate.payout_details_completed`, once).
 */
export class ConnectOnboarding {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly accounts: ConnectedAccountRepository,
    private readonly provider: ConnectOnboardingProvider,
    private readonly savePayoutDetails: SavePayoutDetails,
    private readonly clock: Clock,
  ) {}

  /**
   * A new onboarding link, creating the affiliate's account the first time (the operator's endpoint
   * and the portal's "Connect payouts" both start here). Saves no payout details: they complete when
   * the processor reports payouts enabled (`accountUpdated`).
   */
  async start(tenant: Tenant, affiliateId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<Result<OnboardingLink, DomainError>> {
    const affiliate = await this.uow.transaction(() => this.affiliates.findById(tenant, affiliateId));
    if (!affiliate) return err(notFound('Affiliate'));
    if (affiliate.headless) return err(validationError('affiliateId', 'a headless affiliate is paid by the merchant directly, not through a connected account'));
    let account = await this.uow.transaction(() => this.accounts.find(tenant, affiliateId));
    if (!account) {
      const accountId = await this.provider.createAccount(tenant, { id: affiliate.id, email: affiliate.email });
      if (accountId === null) return err(validationError('method', 'connect payouts are not configured for this merchant and mode'));
      account = { tenant, affiliateId, accountId, payoutsEnabled: false };
      const created = account;
      await this.uow.transaction(() => this.accounts.insert(created, this.clock.now()));
    }
    const url = await this.provider.onboardingLink(tenant, account.accountId, urls);
    if (url === null) return err(validationError('method', 'connect payouts are not configured for this merchant and mode'));
    return ok({ accountId: account.accountId, url });
  }

  /** Read only: the processor's `account.updated` alone moves an account to `payouts_enabled`. */
  async standing(tenant: Tenant, affiliateId: string): Promise<ConnectStanding> {
    const account = await this.uow.transaction(() => this.accounts.find(tenant, affiliateId));
    if (!account) return (await this.uow.transaction(() => this.provider.available(tenant))) ? 'not_started' : 'unavailable';
    return account.payoutsEnabled ? 'payouts_enabled' : 'pending';
  }

  /**
   * The processor's `account.updated` for an account of this merchant and mode. With payouts enabled,
   * the affiliate's payout method becomes `connect` (the event fires the first time only); anything
   * else changes nothing. Answers whether the account is one of ours.
   */
  async accountUpdated(tenant: Tenant, account: { readonly id: string; readonly payoutsEnabled: boolean }): Promise<Result<'completed' | 'unchanged', DomainError>> {
    if (!account.payoutsEnabled) return ok('unchanged');
    const before = await this.uow.transaction(() => this.accounts.enablePayouts(tenant, account.id, this.clock.now()));
    if (!before) return err(notFound('Connected account'));
    const saved = await this.savePayoutDetails.execute(before.affiliateId, { method: 'connect' });
    if (saved.isErr()) return err(saved.error);
    return ok(before.payoutsEnabled ? 'unchanged' : 'completed');
  }
}

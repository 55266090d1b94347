import { domainCheckOutcome, domainVerificationRecord } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantSettingsRepository } from '../ports/merchant-settings-repository.js';
import type { Notices } from '../ports/notices.js';
import type { TxtResolver } from '../ports/txt-resolver.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** A pending domain is looked up at most this often (DNS changes take minutes to spread anyway). */
const RECHECK_MS = 5 * 60_000;
const BATCH = 50;

/**
 * Looks up the DNS TXT record of every portal domain waiting for its proof. Found: the domain
 * becomes the merchant's `customDomain` (its portal and tracking links answer there). Not found
 * within the window: failed, and the merchant is told in the dashboard. A look-up that errs (a
 * timeout) counts as not found yet. No transaction is open while DNS answers.
 */
export class VerifyCustomDomains implements DueJob {
  readonly name = 'custom-domain-verification';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly settings: MerchantSettingsRepository,
    private readonly resolver: TxtResolver,
    private readonly notices: Notices,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  async runDue(now: Date): Promise<number> {
    const pending = await this.settings.pendingDomains(BATCH);
    let checked = 0;
    for (const s of pending) {
      const last = s.requestedDomain?.checkedAt;
      if (last && now.getTime() - last.getTime() < RECHECK_MS) continue;
      await this.check(s.merchantId);
      checked += 1;
    }
    return checked;
  }

  /** Checks one merchant's pending domain now (the dashboard's **Check now**); answers whether it is verified. */
  async check(merchantId: string): Promise<boolean> {
    const before = (await this.settings.find(merchantId)).requestedDomain;
    if (!before || before.status !== 'pending') return before?.status === 'verified';
    const record = domainVerificationRecord(before.domain, before.token);
    const records = await this.resolver.resolveTxt(record.name).catch((error: unknown) => {
      this.logger?.warn({ err: error, domain: before.domain }, 'custom domain look-up failed; trying again later');
      return [] as string[][];
    });
    return this.uow.transaction(async () => {
      const now = this.clock.now();
      const current = await this.settings.findForUpdate(merchantId, now);
      const requested = current.requestedDomain;
      // Changed or removed while DNS answered: that request is no longer the one looked up.
      if (!requested || requested.token !== before.token || requested.status !== 'pending') return requested?.status === 'verified';
      const status = domainCheckOutcome(records, record.value, requested.requestedAt, now);
      await this.settings.save({ ...current, requestedDomain: { ...requested, status, checkedAt: now } });
      if (status === 'verified') {
        const merchant = await this.merchants.findByIdForUpdate(merchantId);
        if (merchant) await this.merchants.update({ ...merchant, customDomain: requested.domain, updatedAt: now });
      }
      if (status === 'failed') {
        await this.notices.notify({
          merchantId,
          mode: 'live',
          kind: 'custom_domain_failed',
          message:
            `We could not find the DNS record that proves you own ${requested.domain}. ` +
            `Add the TXT record shown in Settings → Portal domain, then press Check again there.`,
        });
      }
      return status === 'verified';
    });
  }
}

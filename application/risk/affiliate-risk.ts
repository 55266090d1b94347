import {
  affiliateFlagged,
  assessRisk,
  disposableEmail,
  highRefundRate,
  sharedPayoutDetails,
  signalEnabled,
  type Affiliate,
  type RiskFlag,
} from '../../domain/index.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { DisposableEmailDomains, RiskFacts } from '../ports/risk-facts.js';
import type { RiskFlagStore } from '../ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../ports/risk-settings-repository.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import type { Tenant } from '../shared/tenant.js';

const REFUND_WINDOW_MS = 90 * 86_400_000;

/** What the affiliate use cases call: the affiliate's signals, in their transaction. */
export interface AffiliateRiskCheck {
  check(tenant: Tenant, affiliate: Affiliate, now: Date): Promise<readonly RiskFlag[]>;
}

/**
 * The risk signals of an affiliate at one merchant (live only; test keys skip risk checks), run in the
 * caller's transaction when it joins a campaign, is created or invited, or saves payout details: the flags replace the affiliate's earlier
 * ones, and `affiliate.flagged` is recorded when a signal fired that had not before. A rule set to
 * `hold` only flags here: an affiliate has nothing to hold.
 */
export class AffiliateRisk implements AffiliateRiskCheck {
  constructor(
    private readonly settings: RiskSettingsRepository,
    private readonly facts: RiskFacts,
    private readonly disposable: DisposableEmailDomains,
    private readonly flags: RiskFlagStore,
    private readonly outbox: EventOutbox,
  ) {}

  async check(tenant: Tenant, affiliate: Affiliate, now: Date): Promise<readonly RiskFlag[]> {
    if (tenant.mode !== 'live') return [];
    const settings = await this.settings.get(tenant);
    const on = (code: RiskFlag['code']) => signalEnabled(settings, code);
    const fired: (RiskFlag | null)[] = [];
    if (on('disposable_email')) fired.push(disposableEmail('affiliate', affiliate.email, (d) => this.disposable.isDisposable(d), affiliate.id));
    if (on('shared_payout_details')) {
      const { own, sharing } = await this.facts.payoutIdentities(tenant, affiliate.id);
      fired.push(sharedPayoutDetails(own, sharing));
    }
    if (on('high_refund_rate')) {
      const history = await this.facts.refundHistory(tenant, affiliate.id, new Date(now.getTime() - REFUND_WINDOW_MS));
      fired.push(highRefundRate(history, settings.refundRatePercent, settings.refundRateMinConversions));
    }
    // Refusal is for sales only; an affiliate's flags are kept for review.
    const assessed = assessRisk(fired, { actions: { ...settings.actions, self_referral: 'off' } });
    const flags = assessed.isOk() ? assessed.value.flags : [];
    const before = await this.flags.forSubjects(tenant, 'affiliate', [affiliate.id]);
    const known = new Set((before.get(affiliate.id) ?? []).map((f) => f.code));
    await this.flags.replace(tenant, 'affiliate', affiliate.id, flags.map((f) => ({ ...f, action: 'flag' as const })), now);
    if (flags.some((f) => !known.has(f.code))) await this.outbox.record(outboxRowsOf(tenant, [affiliateFlagged(affiliate.id, flags)], now));
    return flags;
  }
}

import type { CommissionMail } from './commission-mail.js';
import type { Notices } from '../ports/notices.js';
import { firstSaleNotice, flaggedSaleNotice } from '../notifications/notice-texts.js';
import { err, ok, type Result } from 'neverthrow';
import {
  checkCampaignTakesSale,
  checkEarningsCap,
  checkMembershipEarns,
  conversionFlagged,
  createConversion,
  dayOf,
  domainError,
  rateHistory,
  tierBasisIn,
  holdConversion,
  isReplaceableScriptSale,
  type ConversionEvent,
  type RiskAssessment,
  type RiskEvent,
  type RiskSettings,
  supersedeScriptSale,
  type Conversion,
  type ConversionSource,
  type ConversionType,
  type CurrencyCode,
  type DatedAmount,
  type Decimal,
  type DomainError,
  type MonthToDate,
  type RateHistory,
  formatAmount,
} from '../../domain/index.js';
import { mayManagePayouts, type Actor } from '../shared/actor.js';
import type { AuditLog } from '../ports/audit-log.js';
import { auditEntryFor, type RequestOrigin } from '../shared/request-origin.js';
import type { Clock } from '../ports/clock.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { SaleContexts } from '../ports/sale-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { SaleRiskGate } from '../risk/sale-risk-gate.js';
import type { StoredRiskFlag } from '../ports/risk-flag-store.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { joinedResult } from '../shared/transactional-result.js';
import { applyConversionChange, type ConversionChangeSinks } from './apply-conversion-change.js';
import { calendarMonthOf } from './calendar-month.js';
import { toOutbox } from './conversion-events.js';

export interface CreateConversionInput {
  readonly tenant: Tenant;
  /** Who reports the sale: live sales need Manage payouts. */
  readonly actor: Actor;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly amount: Decimal;
  readonly taxAmount: Decimal | null;
  readonly currency: CurrencyCode;
  readonly orderId: string | null;
  /**
   * The tenant's sale with `orderId` as the caller read it, locked, in the transaction this sale joins
   * (`findByOrderIdForUpdate`), so it is not read again; absent when the caller did not read it.
   */
  readonly orderOnFile?: Conversion | null;
  readonly clickId: string | null;
  readonly customerEmail: string | null;
  readonly customerName: string | null;
  /** Where the sale was reported from; default `api`. A provider's sale carries its token. */
  readonly source?: ConversionSource;
  /** Default `one_time`; a provider's renewal is `recurring`, with its first sale as parent. */
  readonly conversionType?: ConversionType;
  readonly parentConversionId?: string | null;
}

/** The sale as recorded, and whether it replaced the tracking script's report of the same order. */
export interface RecordedSale {
  readonly conversion: Conversion;
  readonly replacedScriptSale: boolean;
  /** The flags its risk check left, as kept; null when they are to be read (a replaced report keeps earlier flags' times). */
  readonly riskFlags: readonly StoredRiskFlag[] | null;
}

/** Sources a person or their page reports from; every other source is a payment provider, whose report of an order outranks the script's. */
const NOT_A_PROVIDER: readonly ConversionSource[] = ['api', 'tracking_script', 'dashboard'];
const reportedByProvider = (source: ConversionSource): boolean => !NOT_A_PROVIDER.includes(source);

/**
 * A sale reported through the API (and, later, by payment-provider notifications: same checks, same
 * order): Manage payouts for team-member keys on live sales; the merchant's active campaign; the
 * affiliate approved on it; a unique order id; the monthly earnings cap (in the merchant's reporting
 * currency, each day's amounts at that day's rate: `checkEarningsCap`) and the self-referral check
 * on live sales; revenue volume tiers likewise compare in the reporting currency (`tierBasisIn`). Then the commission, and the sale recorded: the row and `conversion.created` by
 * one repository call, and the request's audit row (built here from the actor and the request's origin). All of it in one transaction; a live sale of a
 * merchant with a cap also locks the merchant row, so two sales cannot both slip under the cap.
 * A provider's report of an order the tracking script reported first replaces that pending script
 * sale (`supersedeScriptSale`): one conversion, the provider's figures, `conversion.updated`.
 */
export class CreateConversion {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sales: SaleContexts,
    private readonly conversions: ConversionRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Where a replaced script sale is saved (row, events, payout queue). */
    private readonly changes: ConversionChangeSinks,
    /** The dated rates that bring the month's amounts into the merchant's reporting currency for its limits. */
    private readonly exchangeRates: ExchangeRates,
    /** The risk signals of live sales (test keys skip them, spec). */
    private readonly risk: SaleRiskGate,
    /** Where the request's audit row is written, in the sale's transaction. */
    private readonly auditLog: AuditLog,
    /** Tells the merchant of an affiliate's first sale. */
    private readonly notices?: Notices,
    /** Tells the affiliate of the commission. */
    private readonly commissionMail?: Pick<CommissionMail, 'created'>,
  ) {}

  /** `origin`: the request, whose audit row the sale records with it (null when the caller audits otherwise, or is a job). */
  async execute(input: CreateConversionInput, origin: RequestOrigin | null = null): Promise<Result<Conversion, DomainError>> {
    return (await this.record(input, origin)).map((recorded) => recorded.conversion);
  }

  /** As `execute`, saying whether the sale replaced the tracking script's report of its order. */
  async record(input: CreateConversionInput, origin: RequestOrigin | null = null): Promise<Result<RecordedSale, DomainError>> {
    const { tenant } = input;
    const live = tenant.mode === 'live';
    if (live && !mayManagePayouts(input.actor)) {
      return err(insufficientPermissions('Creating live conversions needs the Manage payouts permission'));
    }
    // The checks come before the sale's transaction: a refused sale opens none.
    const now = this.clock.now();
    // The click facts the merchant's rules last asked for come along with the sale's look-up (kept only if its rules still ask them).
    const guessed = live ? this.risk.assess.guess(tenant, input.clickId, input.affiliateId, now) : null;
    const sale = await this.sales.find(tenant, input.campaignId, input.affiliateId, guessed);
    if (!sale) return err(notFound('Campaign'));
    const { campaign, affiliate, membership, rates } = sale;
    // Paused, ended and suspended earn nothing new, whoever reports the sale (domain rules).
    // A renewal of a customer attributed earlier keeps earning on a paused or ended campaign while it pays recurring commissions.
    const open = checkCampaignTakesSale(campaign, { renewal: input.conversionType === 'recurring' });
    if (open.isErr()) return err(open.error);
    if (!affiliate) return err(notFound('Affiliate'));
    const earns = checkMembershipEarns(membership);
    if (earns.isErr()) return err(earns.error);
    const settings = live ? sale.riskSettings : null;
    // Clicks do not change once written: their facts are read before the sale's transaction, which then holds its connection no longer than a sale without signals.
    const clickFacts = settings ? await this.risk.assess.facts(tenant, input.clickId, affiliate.id, settings, now, sale.saleClick) : null;
    const recordSale = async (): Promise<Result<RecordedSale, DomainError>> => {
      const month = calendarMonthOf(now);
      const scriptSale = await this.replaceableScriptSale(input, input.orderOnFile);
      if (live) {
        // The merchant row lock serialises a capped merchant's live sales while the cap is checked.
        if (sale.merchantEarningsCap !== null) {
          const merchant = await this.merchants.findByIdForUpdate(tenant.merchantId);
          if (!merchant) return err(notFound('Merchant'));
          if (merchant.monthlyEarningsCap !== null) {
            // Unconfirmed script sales (the one this report replaces included) count toward no cap.
            const counted = await this.conversions.sumSales(tenant, month.from, month.to);
            const thisSale: DatedAmount = { amount: input.amount, currency: input.currency, day: dayOf(now) };
            const room = checkEarningsCap({
              cap: merchant.monthlyEarningsCap,
              reportingCurrency: merchant.reportingCurrency,
              counted,
              sale: thisSale,
              rates: await this.ratesFor(merchant.reportingCurrency, [...counted, thisSale], month.from, now),
            });
            if (room.isErr()) return err(room.error);
          }
        }
      }

      let monthToDate: MonthToDate | undefined;
      if (rates.campaignTiers) {
        const monthSales = await this.conversions.monthToDate(tenant, affiliate.id, campaign.id, month.from, month.to);
        const reporting = sale.merchantReportingCurrency;
        const exchange = rates.campaignTiers.basis === 'revenue' ? await this.ratesFor(reporting, monthSales.sales, month.from, now) : rateHistory([]);
        const basis = tierBasisIn(rates.campaignTiers.basis, monthSales, reporting, exchange);
        if (basis.isErr()) return err(basis.error);
        monthToDate = basis.value.monthToDate;
      }
      const created = createConversion({
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        campaignId: campaign.id,
        affiliateId: affiliate.id,
        amount: input.amount,
        taxAmount: input.taxAmount,
        currency: input.currency,
        rates,
        ...(monthToDate ? { monthToDate } : {}),
        source: input.source ?? 'api',
        conversionType: input.conversionType ?? 'one_time',
        parentConversionId: input.parentConversionId ?? null,
        orderId: input.orderId,
        clickId: input.clickId,
        customerEmail: input.customerEmail,
        customerName: input.customerName,
        now,
      });
      if (created.isErr()) return err(created.error);
      if (scriptSale) return this.replace(scriptSale, created.value.conversion, now, settings, affiliate, campaign.name);
      const assessed = settings ? this.risk.assess.assess(created.value.conversion, affiliate, settings, clickFacts) : ok(null);
      if (assessed.isErr()) return err(assessed.error);
      const { conversion, events, flagged } = withRisk(created.value.conversion, created.value.events, assessed.value, now);
      if ((await this.conversions.recordSale(conversion, toOutbox(conversion, flagged ? [...events, flagged] : events, now))) === 'duplicate_order') {
        // The script's report may have committed while this one was checked: it waited for it, so it sees it now.
        const late = await this.replaceableScriptSale(input);
        if (late) return this.replace(late, created.value.conversion, now, settings, affiliate, campaign.name);
        return err(domainError('duplicate', `A conversion with orderId "${input.orderId}" already exists`));
      }
      // A new sale has no flags yet: only fired signals are written.
      const riskFlags = assessed.value && assessed.value.flags.length > 0 ? await this.keepFlags(conversion, assessed.value, now) : [];
      if (assessed.value) await this.noticeFlagged(conversion, assessed.value, affiliate, campaign.name);
      // Read before the transaction: two first sales committing together both tell, and the notice's key keeps one.
      if (this.notices && !sale.affiliateHasSales) {
        const amount = `${formatAmount(conversion.amount, conversion.currency)} ${conversion.currency.toUpperCase()}`;
        // Keyed by affiliate: two first sales committing together still tell it once.
        await this.notices.notify({ merchantId: tenant.merchantId, mode: tenant.mode, once: `first_sale:${affiliate.id}`, ...firstSaleNotice(affiliate, amount, campaign.name) });
      }
      await this.commissionMail?.created(conversion, { businessName: sale.merchantBusinessName, affiliate });
      return ok({ conversion, replacedScriptSale: false, riskFlags });
    };
    // Every refusal above and in `recordSale` comes before its first write, so inside a caller's
    // transaction (a provider's delivery) the sale joins it without a savepoint of its own.
    return joinedResult(this.uow, async () => {
      const recorded = await recordSale();
      // The request's audit row commits with the sale, or not at all.
      if (recorded.isOk() && origin) await this.auditLog.append(auditEntryFor(input.actor, origin, tenant.merchantId, this.ids.next(), now));
      return recorded;
    });
  }

  /** The rates that convert `amounts` (dated from `from` to `now`) into `reporting`; none are read when all are in it already. */
  private async ratesFor(reporting: CurrencyCode, amounts: readonly DatedAmount[], from: Date, now: Date): Promise<RateHistory> {
    const currencies = [...new Set(amounts.map((a) => a.currency))];
    if (currencies.every((c) => c === reporting)) return rateHistory([]);
    return rateHistory(await this.exchangeRates.history([...new Set([...currencies, reporting])], dayOf(from), dayOf(now)));
  }

  /** The merchant hears of a flagged or held sale once, with what fired in words. */
  private async noticeFlagged(conversion: Conversion, assessment: RiskAssessment, affiliate: { readonly name: string; readonly email: string }, campaignName: string): Promise<void> {
    if (!this.notices || assessment.flags.length === 0) return;
    const amount = `${formatAmount(conversion.amount, conversion.currency)} ${conversion.currency.toUpperCase()}`;
    const notice = flaggedSaleNotice(affiliate, amount, campaignName, assessment.flags.map((f) => f.message), conversion.status === 'held');
    await this.notices.notify({ merchantId: conversion.merchantId, mode: conversion.mode, once: `flagged_sale:${conversion.id}`, ...notice });
  }

  /** The flags as kept (each new one dated now). */
  private async keepFlags(conversion: Conversion, assessment: RiskAssessment, now: Date): Promise<readonly StoredRiskFlag[]> {
    const flags = assessment.flags.map((f) => ({ ...f, action: f === assessment.holdReason ? ('hold' as const) : ('flag' as const) }));
    await this.risk.flags.replace(conversion, 'conversion', conversion.id, flags, now);
    // In the order a read gives them: oldest first, then by signal.
    return flags.map((f) => ({ ...f, createdAt: now })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  /** For a provider's report: the script sale of its order still awaiting confirmation, locked, if there is one (`onFile`: as the caller read it). */
  private async replaceableScriptSale(input: CreateConversionInput, onFile?: Conversion | null): Promise<Conversion | null> {
    if (input.orderId === null || !reportedByProvider(input.source ?? 'api')) return null;
    const existing = onFile !== undefined ? onFile : await this.conversions.findByOrderIdForUpdate(input.tenant, input.orderId);
    return existing && isReplaceableScriptSale(existing) ? existing : null;
  }

  /** The provider's report replaces the script's; the sale, now the provider's, gets its own risk check. */
  private async replace(
    scriptSale: Conversion,
    report: Conversion,
    now: Date,
    settings: RiskSettings | null,
    affiliate: Parameters<SaleRiskGate['assess']['assess']>[1],
    campaignName: string,
  ): Promise<Result<RecordedSale, DomainError>> {
    const change = supersedeScriptSale(scriptSale, report, now);
    if (change.isErr()) return err(change.error);
    const replaced = change.value.conversion;
    const facts = settings ? await this.risk.assess.facts(replaced, replaced.clickId, affiliate.id, settings, replaced.createdAt) : null;
    const assessed = settings ? this.risk.assess.assess(replaced, affiliate, settings, facts) : ok(null);
    if (assessed.isErr()) return err(assessed.error);
    const merchant = await this.merchants.findById(report.merchantId);
    if (!merchant) return err(notFound('Merchant'));
    const { conversion, events, flagged } = withRisk(replaced, change.value.events, assessed.value, now);
    const applied = await applyConversionChange(this.changes, { ...change.value, conversion, events }, merchant, now, scriptSale.status);
    if (applied.isErr()) return err(applied.error);
    if (flagged) await this.changes.outbox.record(toOutbox(conversion, [flagged], now));
    if (assessed.value) await this.keepFlags(conversion, assessed.value, now);
    if (assessed.value) await this.noticeFlagged(conversion, assessed.value, affiliate, campaignName);
    return ok({ conversion, replacedScriptSale: true, riskFlags: null });
  }
}

/** The sale as the merchant's risk rules leave it: held when a rule holds, and `conversion.flagged` when anything fired. */
const withRisk = (
  conversion: Conversion,
  events: readonly ConversionEvent[],
  assessment: RiskAssessment | null,
  now: Date,
): { conversion: Conversion; events: ConversionEvent[]; flagged: RiskEvent | null } => {
  if (assessment === null || assessment.flags.length === 0) return { conversion, events: [...events], flagged: null };
  const held = assessment.holdReason ? holdConversion(conversion, now) : null;
  const next = held?.isOk() ? held.value.conversion : conversion;
  return { conversion: next, events: [...events, ...(held?.isOk() ? held.value.events : [])], flagged: conversionFlagged(next, assessment.flags) };
};

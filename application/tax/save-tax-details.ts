import { err, ok, type Result } from 'neverthrow';
import { affiliateMode, countryCode, nextTaxDetailsVersion, parseTaxDetails, parseVatId, validationError, type DomainError } from '../../domain/index.js';
import type { Logger } from '../ports/logger.js';
import type { VatIdChecker } from '../ports/vat-id-checker.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { TaxDetailsRecord, TaxDetailsStore } from '../ports/tax-details-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import { transactionalResult } from '../shared/transactional-result.js';

/** Runs after a save in the same transaction: payouts that waited for these details move on. */
export type TaxDetailsArrived = (merchantId: string, affiliateId: string, now: Date) => Promise<void>;

/**
 * The portal's tax details form: the affiliate gives (or changes) its W-9 / W-8 details with its
 * merchant. Each save is a new version; the first records `affiliate.tax_details_completed` for the
 * affiliate's merchant and mode, in the same transaction.
 */
export class SaveTaxDetails {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly store: TaxDetailsStore,
    private readonly outbox: EventOutbox,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly arrived: TaxDetailsArrived = async () => {},
    private readonly vies: VatIdChecker | null = null,
    private readonly logger: Pick<Logger, 'warn'> | null = null,
  ) {}

  /**
   * With the VIES check on, a VAT id the registry says is not registered is refused, before any
   * transaction opens; no answer from VIES lets the id through (its format was checked) and is logged.
   */
  private async registered(input: Readonly<Record<string, unknown>>): Promise<Result<void, DomainError>> {
    if (this.vies === null || input.vatId === undefined || input.vatId === null || String(input.vatId).trim() === '') return ok(undefined);
    const country = countryCode(input.country);
    const vatId = parseVatId(input.vatId, country);
    if (vatId.isErr()) return ok(undefined); // the parse below names the problem
    const answer = await this.vies.check(vatId.value);
    if (answer.kind === 'invalid') return err(validationError('vatId', 'is not registered in VIES (the EU VAT registry)'));
    if (answer.kind === 'unavailable') this.logger?.warn({ reason: answer.reason }, 'VIES did not answer; the VAT id was accepted on its format');
    return ok(undefined);
  }

  async execute(affiliateId: string, input: Readonly<Record<string, unknown>>): Promise<Result<TaxDetailsRecord, DomainError>> {
    const checked = await this.registered(input);
    if (checked.isErr()) return err(checked.error);
    return transactionalResult(this.uow, async () => {
      // The row lock orders concurrent saves of one affiliate: versions never collide.
      const affiliate = await this.affiliates.findByIdForUpdateAcrossMerchants(affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const now = this.clock.now();
      const details = parseTaxDetails(input, now.toISOString().slice(0, 10));
      if (details.isErr()) return err(details.error);
      const latest = await this.store.latest(affiliate.merchantId, affiliate.id);
      const next = nextTaxDetailsVersion(affiliate.id, latest?.version ?? null, details.value, now);
      await this.store.append(affiliate.merchantId, affiliate.id, next.version, details.value, this.ids.next(), now);
      if (next.events.length > 0) {
        await this.outbox.record(outboxRowsOf({ merchantId: affiliate.merchantId, mode: affiliateMode(affiliate) }, next.events, now));
      }
      await this.arrived(affiliate.merchantId, affiliate.id, now);
      const saved = await this.store.latest(affiliate.merchantId, affiliate.id);
      if (!saved) throw new Error('tax details just saved are missing');
      return ok(saved);
    });
  }
}

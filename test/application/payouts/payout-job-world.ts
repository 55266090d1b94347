import { ConversionPayoutQueue } from '../../../application/payouts/conversion-payout-queue.js';
import type { PayoutMail } from '../../../application/payouts/payout-mail.js';
import type { PaymentPorts } from '../../../application/payouts/payment-attempts.js';
import { DEFAULT_PAYOUT_JOB_SETTINGS, ProcessPayouts, type PayoutJobSettings } from '../../../application/payouts/process-payouts.js';
import type { Logger } from '../../../application/ports/logger.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode, type Merchant, type PayoutMethod, type PayoutOutcome, type PayoutPayment } from '../../../domain/index.js';
import { FakePayoutProviders } from '../../fakes/fake-payout-providers.js';
import { inMemoryWorld } from '../../fakes/in-memory-world.js';
import { InMemoryPayoutAdjustments } from '../../fakes/in-memory-payout-adjustments.js';
import { InMemoryPayoutPayments } from '../../fakes/in-memory-payout-payments.js';
import { InMemoryPayoutRepository } from '../../fakes/in-memory-payout-repository.js';
import { InMemoryPayoutSettings } from '../../fakes/in-memory-payout-settings.js';
import { aConversion } from '../../mothers/conversion.mother.js';
import { aMerchant } from '../../mothers/merchant.mother.js';

export const QUEUED_AT = new Date('2026-11-01T00:00:00.000Z');
/** Past every row's 30-day hold. */
export const DUE_AT = new Date('2026-12-05T00:00:00.000Z');
export const HOUR = 3_600_000;
export const USD = 'usd' as CurrencyCode;
export const EUR = 'eur' as CurrencyCode;

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The payout job over the in-memory fakes: one merchant with automatic payouts unless told otherwise
 * (live mode, its `wallet_a` provider configured), affiliates added with payout details and a
 * membership, approved sales queued as the conversion use cases queue them (`ConversionPayoutQueue`).
 */
export const payoutJobWorld = async (
  settings: Partial<PayoutJobSettings> = {},
  merchantFields: Pick<Partial<Merchant>, 'automaticPayouts'> = {},
  /** The tax gate and the invoices, absent unless a test gives them. */
  extra: Pick<PaymentPorts, 'taxDetails' | 'invoices'> = {},
) => {
  const world = inMemoryWorld(QUEUED_AT);
  const payoutSettings = new InMemoryPayoutSettings(world.transactions);
  const payments = new InMemoryPayoutPayments(world.transactions);
  const adjustments = new InMemoryPayoutAdjustments(world.transactions, payments);
  const rows = new InMemoryPayoutRepository(world.transactions, { conversions: world.conversions, programs: world.programs, merchants: world.merchants, settings: payoutSettings });
  const providers = new FakePayoutProviders();
  const queue = new ConversionPayoutQueue(rows, world.ids);
  const mailed: { readonly payment: PayoutPayment; readonly outcome: PayoutOutcome }[] = [];
  const mail: Pick<PayoutMail, 'paymentOutcome' | 'taxDetailsNeeded'> = {
    paymentOutcome: async (payment, outcome) => void mailed.push({ payment, outcome }),
    taxDetailsNeeded: async () => {},
  };
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: true, payoutHoldingDays: 30, ...merchantFields });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  providers.configure(tenant, 'wallet_a');
  const job = new ProcessPayouts(
    world.uow,
    { sinks: { payouts: rows, conversions: world.conversions, awards: world.awards, outbox: world.outbox }, payments, providers, settings: payoutSettings, adjustments, mail, ids: world.ids, logger: quiet, ...extra },
    { ...DEFAULT_PAYOUT_JOB_SETTINGS, ...settings },
  );

  let affiliates = 0;
  /** An affiliate of the merchant paid by `wallet_a` (unless told), with its payout email (or a headless one, whom the merchant pays). */
  const affiliate = (options: { readonly headless?: boolean; readonly payoutMethod?: PayoutMethod | null } = {}): string => {
    affiliates += 1;
    const id = world.ids.next();
    world.programs.addAffiliate({
      id,
      name: `Affiliate ${affiliates}`,
      email: `a${affiliates}@example.com`,
      headless: options.headless ?? false,
      payoutMethod: options.payoutMethod === undefined ? 'wallet_a' : options.payoutMethod,
    });
    world.programs.setMembership({ ...tenant, campaignId: 'campaign-1', affiliateId: id, status: 'approved' });
    rows.setDetails(tenant, id, { payoutEmail: `paid-${affiliates}@example.com` });
    return id;
  };

  /** A sale with this commission, approved unless told otherwise, queued as its approval queues it. */
  const sale = async (affiliateId: string, commission: string, fields: { readonly currency?: CurrencyCode; readonly status?: 'approved' | 'pending'; readonly at?: Date } = {}) => {
    const conversion = aConversion(
      world.ids.next(),
      { ...tenant, campaignId: 'campaign-1', affiliateId },
      { status: fields.status ?? 'approved', commission: new Decimal(commission), currency: fields.currency ?? USD },
    );
    await world.uow.transaction(async () => {
      await world.conversions.recordSale(conversion, []);
      await queue.queueFor(conversion, merchant, fields.at ?? QUEUED_AT);
    });
    return conversion;
  };

  const provider = providers.provider('wallet_a');
  /** The transfers the provider completed: what reached affiliates. */
  const completedTransfers = () => provider.transfers().filter((t) => t.outcome.kind === 'completed');
  const rowOf = (conversionId: string) => rows.all().find((p) => p.conversionId === conversionId);
  const conversionOf = async (conversionId: string) => (await world.conversions.findById(tenant, conversionId))!;

  return { world, tenant, merchant, job, rows, payments, payoutSettings, adjustments, providers, provider, mailed, affiliate, sale, completedTransfers, rowOf, conversionOf };
};

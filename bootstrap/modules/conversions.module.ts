import type { Container, Resolver } from '../token.js';
import { RequestAudit } from '../../application/shared/request-audit.js';
import { AutoApproveConversions } from '../../application/conversions/auto-approve-conversions.js';
import { CreateConversion } from '../../application/conversions/create-conversion.js';
import { OperatorConversionActions, type ConversionChangeHook } from '../../application/conversions/operator-conversion-actions.js';
import { InvoicedCommissionAdjustments } from '../../application/invoices/invoiced-commission-adjustments.js';
import { SqlCommissionAdjustments } from '../../adapters/persistence/repositories/sales/sql-commission-adjustments.js';
import { UpdateConversionStatus } from '../../application/conversions/update-conversion-status.js';
import { RefundConversion } from '../../application/conversions/refund-conversion.js';
import type { ConversionChangeSinks } from '../../application/conversions/apply-conversion-change.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { ConversionUseCases } from '../../adapters/http/routes/conversions.routes.js';
import { ConversionPayoutQueue } from '../../application/payouts/conversion-payout-queue.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import { SqlSaleContexts } from '../../adapters/persistence/repositories/sql-sale-contexts.js';
import { GetConversion } from '../../application/conversions/get-conversion.js';
import { SqlConversionRepository } from '../../adapters/persistence/repositories/sql-conversion-repository.js';
import { SqlConversionQueries } from '../../adapters/persistence/repositories/sql-conversion-queries.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** The hooks run after a conversion changed (the teams module registers one). */
export const conversionChangeHooks = (r: Resolver): ConversionChangeHook[] =>
  r.isRegistered(T.ConversionChangeHook, true) ? r.resolveAll(T.ConversionChangeHook) : [];

/** Recording a sale with `ids` (the service's generator, or the demo set-up's preset ids). */
export const createConversionWith = (r: Resolver, ids: IdGenerator = r.resolve(T.Ids)) =>
  new CreateConversion(
    r.resolve(T.UnitOfWork),
    r.resolve(T.MerchantRepository),
    r.resolve(T.SaleContexts),
    r.resolve(T.ConversionRepository),
    ids,
    r.resolve(T.Clock),
    r.resolve(T.ConversionChangeSinks),
    r.resolve(T.ExchangeRates),
    r.resolve(T.SaleRiskGate),
    r.resolve(T.AuditLog),
    r.resolve(T.Notices),
    r.resolve(T.CommissionMail),
  );

/** A status change through `sinks` (the service's, or the demo's with preset payout ids). */
export const updateConversionStatusWith = (r: Resolver, sinks: ConversionChangeSinks = r.resolve(T.ConversionChangeSinks)) =>
  new UpdateConversionStatus(
    r.resolve(T.UnitOfWork),
    r.resolve(T.MerchantRepository),
    sinks,
    r.resolve(T.Clock),
    new RequestAudit(r.resolve(T.AuditLog), r.resolve(T.Ids)),
    conversionChangeHooks(r),
  );

/** Conversions: repositories, the sale's one-statement context read (with team rates), the payout queue, use cases and the auto-approval job. */
export const registerConversions = (c: Container): void => {
  c.register(T.ConversionRepository, single((r) => new SqlConversionRepository(r.resolve(T.Orm), r.resolve(T.Ids))));
  c.register(T.ConversionQueries, single((r) => new SqlConversionQueries(r.resolve(T.Orm))));
  // The campaign, affiliate, membership and team rates a sale reads, in one statement.
  c.register(T.SaleContexts, single((r) => new SqlSaleContexts(r.resolve(T.Orm))));
  c.register(T.PayoutQueue, single((r) => new ConversionPayoutQueue(new SqlPayoutRepository(r.resolve(T.Orm)), r.resolve(T.Ids))));
  c.register(
    T.ConversionChangeSinks,
    single((r): ConversionChangeSinks => ({
      conversions: r.resolve(T.ConversionRepository),
      outbox: r.resolve(T.EventOutbox),
      payouts: r.resolve(T.PayoutQueue),
    })),
  );
  c.register(T.CreateConversion, single((r) => createConversionWith(r)));
  c.register(T.UpdateConversionStatus, single((r) => updateConversionStatusWith(r)));
  // Each clawback of an invoiced commission gets its credit note in the same transaction.
  c.register(T.CommissionAdjustments, single((r) => new InvoicedCommissionAdjustments(new SqlCommissionAdjustments(r.resolve(T.Orm)), r.resolve(T.IssueInvoices))));
  // The one refund: the merchant's endpoint, the operator's and payment-provider notifications call it;
  // a paid sale is clawed back.
  c.register(
    T.RefundConversion,
    single(
      (r) =>
        new RefundConversion(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(T.ConversionChangeSinks),
          r.resolve(T.CommissionAdjustments),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          conversionChangeHooks(r),
        ),
    ),
  );
  c.register(
    T.OperatorConversionActions,
    single(
      (r) =>
        new OperatorConversionActions(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(T.ConversionChangeSinks),
          r.resolve(T.Clock),
          r.resolve(T.RefundConversion),
          conversionChangeHooks(r),
        ),
    ),
  );
  c.register(
    T.AutoApproveConversions,
    single((r) => new AutoApproveConversions(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(T.ConversionChangeSinks), conversionChangeHooks(r))),
  );
  c.register(T.Job, single((r) => r.resolve(T.AutoApproveConversions)));
};

export const conversionRouteDependencies = (c: Container): ConversionUseCases => ({
  createConversion: c.resolve(T.CreateConversion),
  updateConversionStatus: c.resolve(T.UpdateConversionStatus),
  getConversion: new GetConversion(c.resolve(T.ConversionQueries)),
  refundConversion: c.resolve(T.RefundConversion),
  conversionQueries: c.resolve(T.ConversionQueries),
  riskFlags: c.resolve(T.RiskFlagStore),
});

export const conversionAdminDependencies = (c: Container): OperatorConversionActions => c.resolve(T.OperatorConversionActions);

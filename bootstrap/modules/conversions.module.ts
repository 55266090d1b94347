import type { DependencyContainer } from 'tsyringe';
import { AutoApproveConversions } from '../../application/conversions/auto-approve-conversions.js';
import { CreateConversion } from '../../application/conversions/create-conversion.js';
import { OperatorConversionActions, type ConversionChangeHook } from '../../application/conversions/operator-conversion-actions.js';
import { SqlCommissionAdjustments } from '../../adapters/persistence/repositories/sales/sql-commission-adjustments.js';
import { UpdateConversionStatus } from '../../application/conversions/update-conversion-status.js';
import { RefundConversion } from '../../application/conversions/refund-conversion.js';
import type { ConversionChangeSinks } from '../../application/conversions/apply-conversion-change.js';
import type { JobRegistry } from '../../application/ports/jobs.js';
import type { ConversionUseCases } from '../../adapters/http/routes/conversions.routes.js';
import { ConversionPayoutQueue } from '../../application/payouts/conversion-payout-queue.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import { SqlSaleContexts } from '../../adapters/persistence/repositories/sql-sale-contexts.js';
import { auditRowOf } from '../../adapters/http/middleware/audit.js';
import { GetConversion } from '../../application/conversions/get-conversion.js';
import { SqlConversionRepository } from '../../adapters/persistence/repositories/sql-conversion-repository.js';
import { SqlConversionQueries } from '../../adapters/persistence/repositories/sql-conversion-queries.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

export const CONVERSION_TOKENS = {
  ConversionRepository: Symbol('ConversionRepository'),
  ConversionQueries: Symbol('ConversionQueries'),
  SaleContexts: Symbol('SaleContexts'),
  PayoutQueue: Symbol('PayoutQueue'),
  ChangeSinks: Symbol('ConversionChangeSinks'),
  CreateConversion: Symbol('CreateConversion'),
  UpdateConversionStatus: Symbol('UpdateConversionStatus'),
  OperatorConversionActions: Symbol('OperatorConversionActions'),
  CommissionAdjustments: Symbol('CommissionAdjustments'),
  RefundConversion: Symbol('RefundConversion'),
  AutoApproveConversions: Symbol('AutoApproveConversions'),
} as const;
const C = CONVERSION_TOKENS;

/** Conversions: repositories, the sale's one-statement context read (with team rates), the payout queue, use cases and the auto-approval job. */
export const registerConversions = (c: DependencyContainer): void => {
  c.register(C.ConversionRepository, single((r) => new SqlConversionRepository(r.resolve(T.Orm), r.resolve(T.Ids))));
  c.register(C.ConversionQueries, single((r) => new SqlConversionQueries(r.resolve(T.Orm))));
  // The campaign, affiliate, membership and team rates a sale reads, in one statement.
  c.register(C.SaleContexts, single((r) => new SqlSaleContexts(r.resolve(T.Orm))));
  c.register(C.PayoutQueue, single((r) => new ConversionPayoutQueue(new SqlPayoutRepository(r.resolve(T.Orm)), r.resolve(T.Ids))));
  c.register(
    C.ChangeSinks,
    single((r): ConversionChangeSinks => ({
      conversions: r.resolve(C.ConversionRepository),
      outbox: r.resolve(T.EventOutbox),
      payouts: r.resolve(C.PayoutQueue),
    })),
  );
  c.register(
    C.CreateConversion,
    single(
      (r) =>
        new CreateConversion(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(C.SaleContexts),
          r.resolve(C.ConversionRepository),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          r.resolve(C.ChangeSinks),
        ),
    ),
  );
  const hooks = (r: DependencyContainer) =>
    r.isRegistered(T.ConversionChangeHook, true) ? r.resolveAll<ConversionChangeHook>(T.ConversionChangeHook) : [];
  c.register(
    C.UpdateConversionStatus,
    single((r) => new UpdateConversionStatus(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(C.ChangeSinks), r.resolve(T.Clock), hooks(r))),
  );
  c.register(C.CommissionAdjustments, single((r) => new SqlCommissionAdjustments(r.resolve(T.Orm))));
  // The one refund: the merchant's endpoint, the operator's and payment-provider notifications call it;
  // a paid sale is clawed back.
  c.register(
    C.RefundConversion,
    single(
      (r) =>
        new RefundConversion(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(C.ChangeSinks),
          r.resolve(C.CommissionAdjustments),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          hooks(r),
        ),
    ),
  );
  c.register(
    C.OperatorConversionActions,
    single(
      (r) =>
        new OperatorConversionActions(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(C.ChangeSinks),
          r.resolve(T.Clock),
          r.resolve(C.RefundConversion),
          hooks(r),
        ),
    ),
  );
  c.register(
    C.AutoApproveConversions,
    single((r) => new AutoApproveConversions(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(C.ChangeSinks))),
  );
  c.resolve<JobRegistry>(T.JobRegistry).register(c.resolve(C.AutoApproveConversions));
};

export const conversionRouteDependencies = (c: DependencyContainer): ConversionUseCases => ({
  createConversion: c.resolve(C.CreateConversion),
  updateConversionStatus: c.resolve(C.UpdateConversionStatus),
  getConversion: new GetConversion(c.resolve(C.ConversionQueries)),
  refundConversion: c.resolve(C.RefundConversion),
  conversionQueries: c.resolve(C.ConversionQueries),
  // A created sale records its request's audit row in its own transaction (one commit instead of two).
  auditRow: auditRowOf(c.resolve(T.Ids), c.resolve(T.Clock)),
});

export const conversionAdminDependencies = (c: DependencyContainer): OperatorConversionActions => c.resolve(C.OperatorConversionActions);

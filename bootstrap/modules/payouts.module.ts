import type { DependencyContainer } from 'tsyringe';
import type { PayoutSinks } from '../../application/payouts/payout-effects.js';
import { OperatorPayoutActions } from '../../application/payouts/operator-payout-actions.js';
import { DEFAULT_PAYOUT_JOB_SETTINGS, ProcessPayouts } from '../../application/payouts/process-payouts.js';
import type { JobRegistry } from '../../application/ports/jobs.js';
import type { PayoutRouteDependencies } from '../../adapters/http/routes/payouts.routes.js';
import { DEFAULT_SANDBOX_SETTINGS, SandboxPayoutLedger, sandboxPayoutProviders } from '../../adapters/payouts/sandbox-payout-providers.js';
import { MikroOrmConversionRepository } from '../../adapters/persistence/repositories/mikro-orm-conversion-repository.js';
import { SqlPayoutQueries } from '../../adapters/persistence/repositories/sql-payout-queries.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

export const PAYOUT_TOKENS = {
  PayoutRepository: Symbol('PayoutRepository'),
  PayoutQueries: Symbol('PayoutQueries'),
  SandboxPayoutLedger: Symbol('SandboxPayoutLedger'),
  PayoutProviders: Symbol('PayoutProviders'),
  PayoutSinks: Symbol('PayoutSinks'),
  ProcessPayouts: Symbol('ProcessPayouts'),
  OperatorPayoutActions: Symbol('OperatorPayoutActions'),
} as const;
const P = PAYOUT_TOKENS;

/**
 * Payouts (issue 5): the queue repository and read side, the sandbox providers of the three payout
 * methods, the payout job and the operator's manual actions. The conversion side's `PayoutQueue` is
 * wired in conversions.module.ts.
 */
export const registerPayouts = (c: DependencyContainer): void => {
  c.register(P.PayoutRepository, single((r) => new SqlPayoutRepository(r.resolve(T.Orm))));
  c.register(P.PayoutQueries, single((r) => new SqlPayoutQueries(r.resolve(T.Orm))));
  c.register(
    P.SandboxPayoutLedger,
    single(
      (r) =>
        new SandboxPayoutLedger(r.resolve(T.Orm), r.resolve(T.Clock), {
          ...DEFAULT_SANDBOX_SETTINGS,
          latencyMs: r.resolve<ServiceConfig>(T.Config).payoutSandboxLatencyMs,
        }),
    ),
  );
  c.register(P.PayoutProviders, single((r) => sandboxPayoutProviders(r.resolve(P.SandboxPayoutLedger))));
  c.register(
    P.PayoutSinks,
    single((r): PayoutSinks => ({
      payouts: r.resolve(P.PayoutRepository),
      conversions: new MikroOrmConversionRepository(r.resolve(T.Orm), r.resolve(T.Ids)),
      outbox: r.resolve(T.EventOutbox),
    })),
  );
  c.register(
    P.ProcessPayouts,
    single(
      (r) =>
        new ProcessPayouts(r.resolve(T.UnitOfWork), r.resolve(P.PayoutSinks), r.resolve(P.PayoutProviders), r.resolve(T.Logger), {
          ...DEFAULT_PAYOUT_JOB_SETTINGS,
          batchSize: r.resolve<ServiceConfig>(T.Config).payoutBatchSize,
        }),
    ),
  );
  c.register(
    P.OperatorPayoutActions,
    single((r) => new OperatorPayoutActions(r.resolve(T.UnitOfWork), r.resolve(P.PayoutSinks), r.resolve(T.AffiliateRepository), r.resolve(T.Clock))),
  );
  c.resolve<JobRegistry>(T.JobRegistry).register(c.resolve(P.ProcessPayouts));
};

export const payoutRouteDependencies = (c: DependencyContainer): PayoutRouteDependencies => ({ payoutQueries: c.resolve(P.PayoutQueries) });

export const payoutAdminDependencies = (c: DependencyContainer): OperatorPayoutActions => c.resolve(P.OperatorPayoutActions);

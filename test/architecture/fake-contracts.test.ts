import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Each fake's port, and the contract (in `test/contracts/`) that holds it and its real adapter to one behaviour. */
const CONTRACTS: Readonly<Record<string, string>> = {
  AffiliateBanStore: 'affiliate-ban-store',
  AffiliateLocks: 'affiliate-locks',
  AuditLog: 'audit-log',
  CampaignRepository: 'campaign-repository',
  Clock: 'clock',
  ConversionRepository: 'conversion-repository',
  CouponRepository: 'coupon-repository',
  EventOutbox: 'event-outbox',
  IdGenerator: 'id-generator',
  ExchangeRates: 'exchange-rates',
  MembershipUpdates: 'affiliate-locks',
  ManualPaymentQueries: 'manual-payment-queries',
  MerchantRepository: 'merchant-repository',
  PayoutAdjustments: 'payout-adjustments',
  PayoutPaymentRepository: 'payout-payment-repository',
  PayoutProvider: 'payout-providers',
  PayoutProviders: 'payout-providers',
  PayoutQueue: 'payout-queue',
  PayoutRepository: 'payout-repository',
  PayoutSettingsRepository: 'payout-settings-repository',
  ProviderCustomers: 'provider-sales-ledger',
  ProviderPayments: 'provider-sales-ledger',
  RiskFacts: 'risk-facts',
  RiskFlagStore: 'risk-flag-store',
  RiskSettingsRepository: 'risk-settings-repository',
  SaleContexts: 'sale-contexts',
  TeamAwardRepository: 'team-award-repository',
  TeamConversionFacts: 'team-conversion-facts',
  TeamGoalRepository: 'team-goal-repository',
  TeamRepository: 'team-repository',
  TxtResolver: 'txt-resolver',
  UnitOfWork: 'unit-of-work',
};

/** Fakes with nothing of their own to hold to a real adapter, and why. */
const WITHOUT_CONTRACT: Readonly<Record<string, string>> = {};

/**
 * A fake a use-case test runs on proves something only if it behaves as the adapter it stands in
 * for: every fake's port has a contract run against the fake (the unit loop) and against the SQL
 * adapter (the full suite), unless it is listed above with its reason.
 */
describe('the fakes of test/fakes', () => {
  it('each pass the contract their real adapter passes', () => {
    const ports = readdirSync(join(ROOT, 'test/fakes')).flatMap((file) =>
      [...readFileSync(join(ROOT, 'test/fakes', file), 'utf8').matchAll(/class \w+ implements (\w+)/g)].map((m) => m[1] as string),
    );
    expect(ports.length).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    for (const port of ports) {
      if (WITHOUT_CONTRACT[port]) continue;
      const name = CONTRACTS[port];
      if (!name) {
        missing.push(`${port}: no contract in test/contracts`);
        continue;
      }
      for (const file of [`test/contracts/${name}.contract.ts`, `test/contracts/${name}.fake.test.ts`, `test/integration/${name}.contract.test.ts`]) {
        if (!existsSync(join(ROOT, file))) missing.push(`${port}: ${file} is missing`);
      }
    }
    expect(missing).toEqual([]);
  });
});

import type { TeamStores } from '../../application/teams/period-settlement.js';
import { FixedClock } from './fixed-clock.js';
import { InMemoryAffiliateBanStore } from './in-memory-affiliate-ban-store.js';
import { InMemoryAffiliateLocks, InMemoryMembershipUpdates } from './in-memory-affiliate-locks.js';
import { InMemoryCampaignRepository } from './in-memory-campaign-repository.js';
import { InMemoryConversionRepository } from './in-memory-conversion-repository.js';
import { InMemoryEventOutbox } from './in-memory-event-outbox.js';
import { InMemoryExchangeRates } from './in-memory-exchange-rates.js';
import { InMemoryMerchantRepository } from './in-memory-merchant-repository.js';
import { InMemoryPayoutQueue } from './in-memory-payout-queue.js';
import { InMemoryPrograms } from './in-memory-programs.js';
import { InMemoryRiskFlagStore } from './in-memory-risk.js';
import { InMemorySaleContexts } from './in-memory-sale-contexts.js';
import { InMemoryTeamAwardRepository } from './in-memory-team-award-repository.js';
import { InMemoryTeamConversionFacts } from './in-memory-team-conversion-facts.js';
import { InMemoryTeamGoalRepository } from './in-memory-team-goal-repository.js';
import { InMemoryTeamRepository } from './in-memory-team-repository.js';
import { InMemoryTransactions, InMemoryUnitOfWork } from './in-memory-transactions.js';
import { SequentialIds } from './sequential-ids.js';

/**
 * Every in-memory store over one set of transactions, as the bootstrap wires the real ones over one
 * database: what a use-case test constructs its use case from.
 */
export const inMemoryWorld = (start?: Date | string) => {
  const transactions = new InMemoryTransactions();
  const uow = new InMemoryUnitOfWork(transactions);
  const outbox = new InMemoryEventOutbox(transactions);
  const programs = new InMemoryPrograms();
  const ids = new SequentialIds();
  const clock = new FixedClock(start);
  // The flags risk signals leave; the conversion store reads them as the SQL one joins `risk_flags`.
  const riskFlags = new InMemoryRiskFlagStore();
  const conversions = new InMemoryConversionRepository(transactions, outbox, programs, riskFlags);
  const merchants = new InMemoryMerchantRepository(transactions);
  const campaigns = new InMemoryCampaignRepository(transactions);
  const exchangeRates = new InMemoryExchangeRates();
  const payouts = new InMemoryPayoutQueue(transactions);
  const goals = new InMemoryTeamGoalRepository(transactions);
  const teams = new InMemoryTeamRepository(transactions, programs, goals);
  const awards = new InMemoryTeamAwardRepository(transactions, programs, {
    goalName: (goalId, merchantId) => goals.goalName(goalId, merchantId),
    teamName: (teamId, merchantId) => teams.teamName(teamId, merchantId),
    hasPeriod: (goalId, periodKey) => goals.hasPeriod(goalId, periodKey),
  });
  const facts = new InMemoryTeamConversionFacts(conversions);
  const saleContexts = new InMemorySaleContexts({ campaigns, merchants, programs, teams, conversions });
  const affiliateLocks = new InMemoryAffiliateLocks(transactions, programs);
  const membershipUpdates = new InMemoryMembershipUpdates(transactions, programs);
  const bans = new InMemoryAffiliateBanStore(transactions, { programs, conversions, payouts });
  const teamStores: TeamStores = { teams, goals, awards, facts, merchants, outbox, ids };
  return {
    transactions,
    uow,
    outbox,
    programs,
    ids,
    clock,
    conversions,
    riskFlags,
    merchants,
    campaigns,
    saleContexts,
    exchangeRates,
    payouts,
    goals,
    teams,
    awards,
    facts,
    teamStores,
    affiliateLocks,
    membershipUpdates,
    bans,
    /** Where a conversion change is saved: the row, its events, the payout queue. */
    changeSinks: { conversions, outbox, payouts },
  };
};


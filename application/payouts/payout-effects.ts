import {
  cardTransferIdOf,
  markConversionPaid,
  validationError,
  type Conversion,
  type DomainError,
  type AwardPayoutStep,
  type PayoutChange,
} from '../../domain/index.js';
import { err, ok, type Result } from 'neverthrow';
import { toOutbox } from '../conversions/conversion-events.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { EventOutbox, OutboxEvent } from '../ports/event-outbox.js';
import type { PayoutRepository } from '../ports/payout-repository.js';
import type { TeamAwardRepository } from '../ports/team-award-repository.js';
import type { Tenant } from '../shared/tenant.js';
import { recordAwardEvents } from '../teams/period-settlement.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';

export interface PayoutSinks {
  readonly payouts: PayoutRepository;
  readonly conversions: ConversionRepository;
  /** Team bonus awards, paid in the same payments as the commissions. */
  readonly awards: TeamAwardRepository;
  readonly outbox: EventOutbox;
}

/**
 * Saves a payout step and its consequences in the caller's transaction (which holds the row and its
 * conversion locked): the row, its events, and on completion the conversion, paid with the payout's
 * method, date and transfer id (`conversion.paid`, `conversion.updated`). An error comes back before
 * anything is written.
 */
export const applyPayoutChange = async (
  sinks: PayoutSinks,
  change: PayoutChange,
  conversion: Conversion,
  now: Date,
): Promise<Result<void, DomainError>> => {
  const { payout } = change;
  const outbox: OutboxEvent[] = outboxRowsOf(payout, change.events, now);
  if (payout.status === 'completed') {
    if (payout.payoutMethod === null) return err(validationError('payoutMethod', 'a completed payout names its method'));
    const paid = markConversionPaid(conversion, {
      payoutMethod: payout.payoutMethod,
      payoutDate: payout.completedAt ?? now,
      cardTransferId: cardTransferIdOf(payout),
      now,
    });
    if (paid.isErr()) return err(paid.error);
    await sinks.conversions.update(paid.value.conversion);
    // The conversion's events first: the payout completes because the conversion was paid out.
    outbox.unshift(...toOutbox(paid.value.conversion, paid.value.events, now));
  }
  await sinks.payouts.update(payout);
  await sinks.outbox.record(outbox);
  return ok(undefined);
};

/**
 * Saves an award's payout step in the caller's transaction (which holds the award locked): the award
 * when it changed, its bookkeeping, and its events (`bonus.paid` once the provider confirmed).
 */
export const applyAwardStep = async (sinks: PayoutSinks, tenant: Tenant, awardId: string, step: AwardPayoutStep, now: Date): Promise<void> => {
  if (step.change.changed) await sinks.awards.update(tenant, step.change.award);
  await sinks.awards.saveSchedule(awardId, step.schedule);
  await recordAwardEvents(sinks, tenant, step.change.events, now);
};

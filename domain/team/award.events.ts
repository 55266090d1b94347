import type { PayoutMethod } from '../conversion/conversion.js';
import { formatAmount } from '../money/money.js';
import type { Award, AwardStatus } from './award.js';

export type AwardEventType = 'bonus.awarded' | 'bonus.paid' | 'bonus.cancelled';

/** A fact for the outbox: the award as it is after the change (the payload needs names the caller adds). */
export interface AwardEvent {
  readonly type: AwardEventType;
  readonly award: Award;
}

/** What the award's event payload needs besides the award. */
export interface AwardEventContext {
  readonly goalName: string;
  readonly teamName: string;
  readonly affiliateEmail: string;
  readonly affiliateName: string;
}

/** The spec's bonus event `data`; money as a canonical string. */
export interface BonusEventPayload {
  readonly awardId: string;
  readonly goalId: string;
  readonly goalName: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly affiliateId: string;
  readonly affiliateEmail: string;
  readonly affiliateName: string;
  readonly amount: string;
  readonly currency: string;
  readonly periodKey: string;
  readonly status: AwardStatus;
  readonly payoutMethod: PayoutMethod | null;
}

export const bonusEventPayload = (award: Award, context: AwardEventContext): BonusEventPayload => ({
  awardId: award.id,
  goalId: award.goalId,
  goalName: context.goalName,
  teamId: award.teamId,
  teamName: context.teamName,
  affiliateId: award.affiliateId,
  affiliateEmail: context.affiliateEmail,
  affiliateName: context.affiliateName,
  amount: formatAmount(award.amount, award.currency),
  currency: award.currency,
  periodKey: award.periodKey,
  status: award.status,
  payoutMethod: award.payoutMethod,
});

import { type CurrencyCode, importedRecurrenceOf, majorToDecimal, minorToDecimal } from '../../../domain/index.js';

/** Dub pays partners in USD. */
const USD = 'usd' as CurrencyCode;
import { bool, obj, row, str, time, type MappedRow } from './source-definition.js';

/** The program's one campaign: partners, customers and commissions all land on it. */
export const DUB_CAMPAIGN = 'dub';

/** Dub's default partner group: every program has it, and a partner added without a group joins it. */
const isDefault = (group: Record<string, unknown>): boolean => str(group.slug) === 'default';

/**
 * A group's sale reward (`saleReward: { type, amount, maxDuration }`) as a rate: `percentage` is a
 * percent, `flat` an amount in cents. Null for a group without one.
 */
const saleRateOf = (group: Record<string, unknown>) => {
  const reward = obj(group.saleReward);
  if (Object.keys(reward).length === 0) return null;
  const flat = str(reward.type).toLowerCase() === 'flat';
  return {
    type: flat ? 'fixed' : 'percentage',
    value: (flat ? minorToDecimal(reward.amount, USD) : majorToDecimal(reward.amount)) ?? '',
    recurrence: importedRecurrenceOf(reward.maxDuration),
  };
};

/**
 * The default group's terms are the program campaign's: its sale reward (percent or flat, for
 * `maxDuration` months, `0` the first sale only, none for the customer's lifetime), its holding period
 * as the days before commissions approve, and whether partners are approved on joining. Click and lead
 * rewards have no counterpart here and are named in the description.
 */
export const dubProgramCampaign = (item: unknown): MappedRow[] => {
  const group = obj(item);
  if (!isDefault(group)) return [];
  const rate = saleRateOf(group);
  const unpaid = [obj(group.clickReward), obj(group.leadReward)].filter((r) => Object.keys(r).length > 0).length > 0;
  return [
    row('campaigns', {
      id: DUB_CAMPAIGN,
      name: 'Dub program',
      description: [
        rate ? "Imported from Dub with its default group's sale reward." : 'Imported from Dub, whose default group has no sale reward: set the commission here.',
        unpaid ? 'Its click and lead rewards are not carried: commissions here are paid on sales.' : '',
      ]
        .filter((s) => s !== '')
        .join(' '),
      status: 'active',
      commission_type: rate?.type ?? 'percentage',
      commission_value: rate?.value ?? '0',
      recurring: rate ? bool(rate.recurrence.recurring) : 'true',
      recurring_months: rate?.recurrence.months ? String(rate.recurrence.months) : '',
      auto_approve_affiliates: group.autoApprovePartnersEnabledAt ? 'true' : '',
      auto_approve_commissions_after_days: str(group.holdingPeriodDays),
    }),
  ];
};

/**
 * Every partner group becomes a team on the program's campaign. A group other than the default one
 * carries its sale reward as the team's rate on that campaign (0 % when it has none: such a group earns
 * nothing on sales at Dub); its duration stays the campaign's, since a team rate has none of its own.
 */
export const dubGroupTeam = (item: unknown): MappedRow[] => {
  const group = obj(item);
  const id = str(group.id);
  if (id === '') return [];
  const rate = isDefault(group) ? null : (saleRateOf(group) ?? { type: 'percentage', value: '0' });
  return [
    row('teams', { id, name: str(group.name) || id, currency: 'usd', created_at: time(group.createdAt) }),
    row('team_campaigns', { team_id: id, campaign_id: DUB_CAMPAIGN, commission_type: rate?.type ?? '', commission_value: rate?.value ?? '' }),
  ];
};

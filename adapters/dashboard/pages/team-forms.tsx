/** @jsxImportSource hono/jsx */
import { BONUS_SPLITS, GOAL_METRICS, PERIOD_MODES, type GoalStatus } from '../../../domain/index.js';
import type { Form } from '../page-kit.js';
import { FieldError, invalidIf, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

/** Which form a refusal belongs to, so its field errors show beside that form's fields only. */
export type TeamFormName = 'team' | 'members' | 'campaign' | 'goal';

export interface TeamFormState {
  readonly form?: Form | undefined;
  readonly problem?: Problem | null | undefined;
  readonly which?: TeamFormName | undefined;
}

const stateFor = (state: TeamFormState, which: TeamFormName) => (state.which === which ? { form: state.form ?? {}, problem: state.problem } : { form: {} as Form, problem: null });

const Input = ({ form, problem, name, label, hint, ...rest }: { form: Form; problem: Problem | null | undefined; name: string; label: string; hint?: string; type?: string; inputmode?: 'decimal' | 'numeric'; required?: boolean; min?: number; max?: number; maxlength?: number }) => (
  <label>
    {label}
    <input name={name} value={form[name] ?? ''} {...rest} {...invalidIf(problem, name)} />
    {hint ? (
      <span class="muted" style="font-weight:400">
        {hint}
      </span>
    ) : null}
    <FieldError problem={problem} field={name} />
  </label>
);

const RateFields = ({ form, problem }: { form: Form; problem: Problem | null | undefined }) => (
  <>
    <label>
      Team commission type
      <select name="baseCommissionType">
        <option value="">Campaign's own rate</option>
        <option value="percentage" selected={form.baseCommissionType === 'percentage'}>
          Percentage of the sale
        </option>
        <option value="fixed" selected={form.baseCommissionType === 'fixed'}>
          Fixed amount per sale
        </option>
      </select>
    </label>
    <Input form={form} problem={problem} name="baseCommissionValue" label="Team commission value" inputmode="decimal" />
  </>
);

export const CreateTeamForm = ({ csrf, state }: { csrf: string; state: TeamFormState }) => {
  const { form, problem } = stateFor(state, 'team');
  return (
    <section aria-labelledby="new-team">
      <h2 id="new-team">New team</h2>
      <form method="post" action="/dashboard/teams" class="stack">
        <CsrfField token={csrf} />
        <Input form={form} problem={problem} name="name" label="Name" required maxlength={120} />
        <Input form={form} problem={problem} name="currency" label="Currency (3 letters)" maxlength={3} hint="Goals and awards count in it; empty: your default currency." />
        <RateFields form={form} problem={problem} />
        <button type="submit">Create team</button>
      </form>
    </section>
  );
};

export const AddMembersForm = ({ csrf, teamId, state, choices }: { csrf: string; teamId: string; state: TeamFormState; choices: readonly { id: string; label: string }[] }) => {
  const { problem } = stateFor(state, 'members');
  return (
    <form method="post" action={`/dashboard/teams/${teamId}/members`} class="stack">
      <CsrfField token={csrf} />
      <label>
        Affiliates to add (approved on one of your campaigns; hold Ctrl or ⌘ to pick several)
        <select name="affiliateIds" multiple size={Math.min(6, Math.max(2, choices.length))} required {...invalidIf(problem, 'affiliateIds')}>
          {choices.map((ch) => (
            <option value={ch.id}>{ch.label}</option>
          ))}
        </select>
        <FieldError problem={problem} field="affiliateIds" />
      </label>
      <button type="submit">Add to the team</button>
    </form>
  );
};

export const AddCampaignForm = ({ csrf, teamId, state, choices }: { csrf: string; teamId: string; state: TeamFormState; choices: readonly { id: string; name: string }[] }) => {
  const { form, problem } = stateFor(state, 'campaign');
  return (
    <form method="post" action={`/dashboard/teams/${teamId}/campaigns`} class="stack">
      <CsrfField token={csrf} />
      <label>
        Campaign
        <select name="campaignId" required {...invalidIf(problem, 'campaignId')}>
          {choices.map((ch) => (
            <option value={ch.id} selected={ch.id === form.campaignId}>
              {ch.name}
            </option>
          ))}
        </select>
        <FieldError problem={problem} field="campaignId" />
      </label>
      <RateFields form={form} problem={problem} />
      <button type="submit">Assign campaign</button>
    </form>
  );
};

export const CreateGoalForm = ({ csrf, teamId, state, campaigns }: { csrf: string; teamId: string; state: TeamFormState; campaigns: readonly { campaignId: string; name: string }[] }) => {
  const { form, problem } = stateFor(state, 'goal');
  return (
    <section aria-labelledby="new-goal">
      <h2 id="new-goal">New goal</h2>
      <form method="post" action={`/dashboard/teams/${teamId}/goals`} class="stack">
        <CsrfField token={csrf} />
        <Input form={form} problem={problem} name="name" label="Goal name" required />
        <label>
          Counts
          <select name="metric">
            {GOAL_METRICS.map((m) => (
              <option value={m} selected={form.metric === m}>
                {m === 'revenue' ? 'Revenue (team currency)' : 'Conversions'}
              </option>
            ))}
          </select>
        </label>
        <Input form={form} problem={problem} name="targetValue" label="Target" inputmode="decimal" required />
        <label>
          Period
          <select name="periodMode">
            {PERIOD_MODES.map((m) => (
              <option value={m} selected={form.periodMode === m}>
                {m === 'monthly' ? 'Every month' : 'Once'}
              </option>
            ))}
          </select>
        </label>
        <Input form={form} problem={problem} name="periodEnd" label="Ends at (UTC, one-time goals)" type="datetime-local" hint="Empty: open until you close it." />
        <label>
          Sales of
          <select name="campaignId" {...invalidIf(problem, 'campaignId')}>
            <option value="">All the team's campaigns</option>
            {campaigns.map((ch) => (
              <option value={ch.campaignId} selected={ch.campaignId === form.campaignId}>
                {ch.name}
              </option>
            ))}
          </select>
          <FieldError problem={problem} field="campaignId" />
        </label>
        <label>
          Bonus
          <select name="bonusType">
            <option value="flat" selected={form.bonusType !== 'percent_over'}>
              A fixed amount
            </option>
            <option value="percent_over" selected={form.bonusType === 'percent_over'}>
              A percentage of what is above the target
            </option>
          </select>
        </label>
        <Input form={form} problem={problem} name="bonusValue" label="Bonus value" inputmode="decimal" required />
        <Input form={form} problem={problem} name="bonusCap" label="Bonus cap (optional)" inputmode="decimal" />
        <label>
          Split between members
          <select name="bonusSplit">
            {BONUS_SPLITS.map((s) => (
              <option value={s} selected={form.bonusSplit === s}>
                {s === 'equal' ? 'Equally' : 'By what each brought in'}
              </option>
            ))}
          </select>
        </label>
        <Input form={form} problem={problem} name="refundSafeDays" label="Days to wait for refunds before an award is payable" type="number" min={7} max={90} hint="7 to 90; empty: 14." />
        <button type="submit">Create goal</button>
      </form>
    </section>
  );
};

/** The goal moves each status allows (`PATCH /teams/:id/goals/:goalId`). */
export const GOAL_MOVES: Record<GoalStatus, readonly { action: 'cancel' | 'close_now' | 'reactivate'; label: string }[]> = {
  active: [
    { action: 'close_now', label: 'Close now' },
    { action: 'cancel', label: 'Cancel' },
  ],
  ended: [{ action: 'reactivate', label: 'Reactivate' }],
  cancelled: [],
};

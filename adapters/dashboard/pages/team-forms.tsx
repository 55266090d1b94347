/** @jsxImportSource hono/jsx */
import type { GoalStatus } from '../../../domain/index.js';
import type { Form } from '../page-kit.js';
import { COMMISSION_TYPE_CHOICES } from '../views/campaign-fields.js';
import { choicesOf, FieldError, invalidIf, SelectField, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

/** Which form a refusal belongs to, so its field errors show beside that form's fields only. */
export type TeamFormName = 'team' | 'members' | 'campaign' | 'goal';

/** One row of a tiered bonus as typed (blank rows are left out before the goal is sent). */
export interface TierRow {
  readonly threshold: string;
  readonly amount: string;
}

export interface TeamFormState {
  readonly form?: Form | undefined;
  readonly problem?: Problem | null | undefined;
  readonly which?: TeamFormName | undefined;
  /** The goal form's tier rows, and which element takes the focus after a row was added or removed. */
  readonly tiers?: readonly TierRow[] | undefined;
  readonly focus?: 'new-tier' | 'add-tier' | undefined;
}

export const stateFor = (state: TeamFormState, which: TeamFormName) => (state.which === which ? { form: state.form ?? {}, problem: state.problem } : { form: {} as Form, problem: null });

export const RateFields = ({ form, problem }: { form: Form; problem: Problem | null | undefined }) => (
  <>
    <SelectField label="Team commission type" name="baseCommissionType" none="Campaign's own rate" choices={COMMISSION_TYPE_CHOICES} selected={form.baseCommissionType} />
    <TextField form={form} problem={problem} name="baseCommissionValue" label="Team commission value" inputmode="decimal" />
  </>
);

export const CreateTeamForm = ({ csrf, state }: { csrf: string; state: TeamFormState }) => {
  const { form, problem } = stateFor(state, 'team');
  return (
    <section class="panel" aria-labelledby="new-team">
      <h2 id="new-team">New team</h2>
      <form method="post" action="/dashboard/teams" class="stack">
        <CsrfField token={csrf} />
        <TextField form={form} problem={problem} name="name" label="Name" required maxlength={120} />
        <TextField form={form} problem={problem} name="currency" label="Currency (3 letters)" maxlength={3} hint="Goals and awards count in it; empty: your default currency." />
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
      <SelectField label="Campaign" name="campaignId" choices={choicesOf(choices)} selected={form.campaignId} problem={problem} required />
      <RateFields form={form} problem={problem} />
      <button type="submit">Assign campaign</button>
    </form>
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

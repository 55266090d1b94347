/** @jsxImportSource hono/jsx */
import { BONUS_SCOPES, BONUS_SPLITS, BONUS_TIERS_MAX, BONUS_VISIBILITIES, GOAL_METRICS, PERIOD_MODES } from '../../../domain/index.js';
import { FieldError, invalidIf, SelectField, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { stateFor, type TeamFormState, type TierRow } from './team-forms.js';

const BLANK_TIER: TierRow = { threshold: '', amount: '' };

/** The rows the form shows: what was typed, or one empty row; never more than a goal may have. */
export const tierRowsOf = (state: TeamFormState): readonly TierRow[] => {
  const rows = state.which === 'goal' ? (state.tiers ?? []) : [];
  return rows.length === 0 ? [BLANK_TIER] : rows.slice(0, BONUS_TIERS_MAX);
};

/** A problem with the tiers as a whole (`bonusTiers`), not with one row's field. */
const TiersError = ({ problem }: { problem: Problem | null | undefined }) => {
  const message = problem?.details?.find((d) => d.field === 'bonusTiers')?.message;
  return message ? (
    <p class="field-error" id="bonusTiers-error">
      {message}
    </p>
  ) : null;
};

/**
 * The tiers of a tiered bonus. "Add a tier" and each "Remove" send the form to `…/goals/tiers`, which
 * only shows the form again with a row more or less (nothing is created): without JavaScript as a
 * whole page, with htmx only this fieldset is swapped. The element to use next gets the focus.
 */
const TierRows = ({ teamId, state, problem }: { teamId: string; state: TeamFormState; problem: Problem | null | undefined }) => {
  const rows = tierRowsOf(state);
  const action = `/dashboard/teams/${teamId}/goals/tiers`;
  const swap = { formaction: action, formnovalidate: true, 'hx-post': action, 'hx-target': '#goal-tiers', 'hx-select': '#goal-tiers', 'hx-swap': 'outerHTML' } as const;
  const invalid = problem?.details?.some((d) => d.field === 'bonusTiers');
  return (
    <fieldset id="goal-tiers" aria-describedby={invalid ? 'goal-tiers-hint bonusTiers-error' : 'goal-tiers-hint'}>
      <legend>Tiers (tiered bonus only)</legend>
      <p class="muted" id="goal-tiers-hint">
        The highest tier whose threshold the period reaches pays its amount, once the target is hit. Thresholds count like the target (revenue or conversions); at most {BONUS_TIERS_MAX} tiers; empty rows are left out.
      </p>
      <TiersError problem={problem} />
      {rows.map((row, i) => (
        <div class="tier-row" role="group" aria-label={`Tier ${i + 1}`}>
          <label>
            Tier {i + 1} threshold
            <input name="tierThreshold" inputmode="decimal" value={row.threshold} autofocus={state.focus === 'new-tier' && i === rows.length - 1} {...invalidIf(problem, `bonusTiers.${i}.threshold`)} />
            <FieldError problem={problem} field={`bonusTiers.${i}.threshold`} />
          </label>
          <label>
            Tier {i + 1} bonus
            <input name="tierAmount" inputmode="decimal" value={row.amount} {...invalidIf(problem, `bonusTiers.${i}.amount`)} />
            <FieldError problem={problem} field={`bonusTiers.${i}.amount`} />
          </label>
          <button type="submit" name="tiers" value={`remove:${i}`} class="secondary" aria-label={`Remove tier ${i + 1}`} {...swap}>
            Remove
          </button>
        </div>
      ))}
      {rows.length < BONUS_TIERS_MAX ? (
        <button type="submit" name="tiers" value="add" class="secondary" id="add-tier" autofocus={state.focus === 'add-tier'} {...swap}>
          Add a tier
        </button>
      ) : (
        <p class="muted">{BONUS_TIERS_MAX} tiers at most.</p>
      )}
    </fieldset>
  );
};

const BONUS_TYPE_CHOICES = [
  { value: 'flat', label: 'A fixed amount' },
  { value: 'tiered', label: 'Tiers: an amount per threshold reached' },
  { value: 'percent_over', label: 'A percentage of what is above the target (revenue goals)' },
] as const;
const SCOPE_LABELS: Record<(typeof BONUS_SCOPES)[number], string> = { team: 'The members', leader: 'The team leader alone' };
const SPLIT_LABELS: Record<(typeof BONUS_SPLITS)[number], string> = { equal: 'Equally', proportional: 'By what each brought in' };
const VISIBILITY_LABELS: Record<(typeof BONUS_VISIBILITIES)[number], string> = { all: 'Every member', leaders: 'Leaders only' };

/** `POST /teams/:id/goals` as a form; every field of the API's body but `scope`, which follows the campaign choice. */
export const CreateGoalForm = ({ csrf, teamId, state, campaigns }: { csrf: string; teamId: string; state: TeamFormState; campaigns: readonly { campaignId: string; name: string }[] }) => {
  const { form, problem } = stateFor(state, 'goal');
  return (
    <section aria-labelledby="new-goal">
      <h2 id="new-goal">New goal</h2>
      <form method="post" action={`/dashboard/teams/${teamId}/goals`} class="stack" id="goal-form">
        <CsrfField token={csrf} />
        {/* Enter in a field presses a form's first button: this one, not a tier's Remove. */}
        <button type="submit" class="sr-only" tabindex={-1} aria-hidden="true">
          Create goal
        </button>
        <TextField form={form} problem={problem} name="name" label="Goal name" required />
        <SelectField name="metric" label="Counts" selected={form.metric} choices={GOAL_METRICS.map((m) => ({ value: m, label: m === 'revenue' ? 'Revenue (team currency)' : 'Conversions' }))} />
        <TextField form={form} problem={problem} name="targetValue" label="Target" inputmode="decimal" required />
        <SelectField name="periodMode" label="Period" selected={form.periodMode} choices={PERIOD_MODES.map((m) => ({ value: m, label: m === 'monthly' ? 'Every month' : 'Once' }))} />
        <TextField form={form} problem={problem} name="periodStart" label="Counting starts (UTC)" type="datetime-local" hint="Empty: now; not in the future." />
        <TextField form={form} problem={problem} name="periodEnd" label="Ends at (UTC, one-time goals)" type="datetime-local" hint="Empty: open until you close it." />
        <SelectField label="Sales of" name="campaignId" none="All the team's campaigns" choices={campaigns.map((ch) => ({ value: ch.campaignId, label: ch.name }))} selected={form.campaignId} problem={problem} />
        <SelectField name="bonusType" label="Bonus" selected={form.bonusType} choices={BONUS_TYPE_CHOICES} />
        <TextField form={form} problem={problem} name="bonusValue" label="Bonus value" inputmode="decimal" hint="A fixed amount, or the percentage; empty for tiers." />
        <TierRows teamId={teamId} state={state} problem={problem} />
        <TextField form={form} problem={problem} name="bonusCap" label="Bonus cap (optional)" inputmode="decimal" />
        <SelectField name="bonusScope" label="Paid to" selected={form.bonusScope} choices={BONUS_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))} />
        <SelectField name="bonusSplit" label="Split between members" selected={form.bonusSplit} choices={BONUS_SPLITS.map((s) => ({ value: s, label: SPLIT_LABELS[s] }))} />
        <SelectField name="bonusVisibility" label="Who sees the bonus in the portal" selected={form.bonusVisibility} choices={BONUS_VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))} />
        <TextField form={form} problem={problem} name="refundSafeDays" label="Days to wait for refunds before an award is payable" type="number" min={7} max={90} hint="7 to 90; empty: 14." />
        <button type="submit">Create goal</button>
      </form>
    </section>
  );
};

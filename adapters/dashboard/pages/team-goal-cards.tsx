/** @jsxImportSource hono/jsx */
import type { GoalView } from '../../../application/teams/team-reads.js';
import { computeBonusTotal, formatAmount, isTargetHit } from '../../../domain/index.js';
import { goalListItemJson } from '../../http/routes/team-goal.json.js';
import { CsrfField } from '../views/layout.js';
import { GOAL_MOVES } from './team-forms.js';
import { statusLabel } from '../../display/status-labels.js';
import { AskFirst } from '../ask-first.js';

/**
 * Where the running period stands, from the domain's own bonus rule: how many tiers the aggregate
 * has reached (a tier pays once its threshold is reached, as `computeBonusTotal` reads it) and the
 * bonus the period would pay if it closed now (nothing until the target is hit).
 */
const standingOf = (view: GoalView) => {
  const { goal, progress, currency } = view;
  if (!progress) return null;
  const tiers = goal.bonus.tiers ?? [];
  return {
    targetHit: isTargetHit(progress.aggregate, goal.targetValue),
    /** Per tier, in the goal's order (the JSON's too). */
    reached: tiers.map((t) => progress.aggregate.gte(t.threshold)),
    bonusNow: formatAmount(computeBonusTotal(goal.bonus, goal.targetValue, progress.aggregate, currency), currency),
  };
};

type Standing = ReturnType<typeof standingOf>;
type GoalJson = ReturnType<typeof goalListItemJson>;

const SPLIT_LABELS = { equal: 'split equally', proportional: 'split by what each brought in' } as const;

/** The bonus rule in words; a tiered one lists its tiers, each saying whether the running period reached it. */
const Bonus = ({ g, cur, standing }: { g: GoalJson; cur: string; standing: Standing }) => {
  const who = g.bonusScope === 'leader' ? 'to the leader' : SPLIT_LABELS[g.bonusSplit];
  const terms = [g.bonusCap ? `at most ${g.bonusCap} ${cur}` : null, who].filter((x) => x !== null).join(', ');
  if (g.bonusType !== 'tiered') {
    const what = g.bonusType === 'flat' ? `${g.bonusValue} ${cur}` : `${g.bonusValue}% of what is above the target`;
    return <span>{`${what}, ${terms}`}</span>;
  }
  return (
    <>
      <ul class="tiers">
        {(g.bonusTiers ?? []).map((t, i) => {
          const reached = standing?.reached[i] === true;
          return (
            <li>
              {`Tier ${i + 1}: from ${t.threshold}, ${t.amount} ${cur}`}
              {reached ? <strong> (reached)</strong> : null}
            </li>
          );
        })}
      </ul>
      <span class="muted">{terms}</span>
    </>
  );
};

const Progress = ({ g, cur, standing }: { g: GoalJson; cur: string; standing: Standing }) => {
  if (!g.progress || !standing) return <>—</>;
  return (
    <>
      {`${g.progress.aggregate} so far (period ${g.progress.periodKey})`}
      {g.bonusType === 'tiered' ? (
        <>
          <br />
          {`Tiers reached: ${standing.reached.filter(Boolean).length} of ${standing.reached.length}`}
        </>
      ) : null}
      <br />
      <span class="muted">{standing.targetHit ? `Bonus if it closed now: ${standing.bonusNow} ${cur}` : 'Target not hit yet: no bonus so far'}</span>
    </>
  );
};

/** The team's goals as cards (readable at 375 px): this period's progress, the bonus rule with the tiers reached, the moves each status allows. */
export const GoalCards = ({ teamId, csrf, views }: { teamId: string; csrf: string; views: readonly GoalView[] }) =>
  views.length === 0 ? (
    <p class="muted">No goal yet.</p>
  ) : (
    <ul class="cards plain" aria-label="Goals with this period's progress">
      {views.map((view) => {
        const g = goalListItemJson(view);
        const cur = view.currency.toUpperCase();
        const standing = standingOf(view);
        return (
          <li class="card">
            <h3>{g.name}</h3>
            <p class="muted">
              {g.metric === 'revenue' ? 'Revenue' : 'Conversions'}, {g.periodMode === 'monthly' ? 'every month' : 'once'} · {statusLabel(g.status)}
            </p>
            <dl class="facts">
              <dt>Target</dt>
              <dd>{g.targetValue}</dd>
              <dt>This period</dt>
              <dd>
                <Progress g={g} cur={cur} standing={standing} />
              </dd>
              <dt>Bonus</dt>
              <dd>
                <Bonus g={g} cur={cur} standing={standing} />
              </dd>
            </dl>
            <div class="actions">
              {GOAL_MOVES[g.status].map((move) => (
                <form method="post" action={`/dashboard/teams/${teamId}/goals/${g.id}`} class="inline">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="action" value={move.action} />
                  <input type="hidden" name="expectedUpdatedAt" value={g.updatedAt} />
                  {move.action === 'cancel' ? <AskFirst question={`${move.label}: goal ${g.name}? No bonus is earned from it any more.`} yes={`Yes, ${move.label.toLowerCase()}`} /> : null}
                  <button type="submit" class={move.action === 'cancel' ? 'danger' : 'secondary'} aria-label={`${move.label}: goal ${g.name}`}>
                    {move.label}
                  </button>
                </form>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { RiskRules } from '../../../application/risk/risk-rules.js';
import { changeRiskSettings, formatAmount, PAID_ADS_POLICIES, type FieldProblem, RISK_SIGNALS, SIGNAL_ACTIONS, type RiskSettings, type RiskSettingsPatch, type RiskSignal } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { RiskSettingsPatchBody } from '../../http/routes/risk.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, noticeOf, numberOrText, page, parseWith, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { ACTION_WORDS, SIGNAL_WORDS } from '../risk-words.js';
import { ErrorBox, FieldError, invalidIf, Notice, SelectField, shortDate, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

export const RISK_SETTINGS_PATH = '/dashboard/risk-settings';

/** Owners only, as the merchant's other settings: these rules decide which sales wait and which are refused. */
const ownerOnly = (c: DashboardContext) => {
  if (c.get('user').role !== 'owner') throw new ApiError('insufficient_permissions', 'Only an owner of the account can change the risk rules');
};

const actionsOf = (signal: RiskSignal) => SIGNAL_ACTIONS.filter((a) => a !== 'refuse' || signal === 'self_referral').map((a) => ({ value: a, label: ACTION_WORDS[a] }));

/** The saved rules as the form's fields (a field per input, named as the API's field paths). */
const formFrom = (s: RiskSettings): Form => ({
  ...Object.fromEntries(RISK_SIGNALS.map((signal) => [`actions.${signal}`, s.actions[signal]])),
  fastConversionSeconds: String(s.fastConversionSeconds),
  'clickVelocity.max': String(s.clickVelocity.max),
  'clickVelocity.windowMinutes': String(s.clickVelocity.windowMinutes),
  'conversionVelocity.max': String(s.conversionVelocity.max),
  'conversionVelocity.windowMinutes': String(s.conversionVelocity.windowMinutes),
  refundRatePercent: String(s.refundRatePercent),
  refundRateMinConversions: String(s.refundRateMinConversions),
  bannedReferrerDomains: s.bannedReferrerDomains.join('\n'),
  paidAds: s.paidAds,
  scriptSales: s.scriptSales,
  scriptSaleMaxAmount: [...s.scriptSaleMaxAmount]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => `${currency.toUpperCase()} ${formatAmount(amount, currency)}`)
    .join('\n'),
});

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A number field as the API would receive it; an empty one stays text, so the schema asks for a number rather than keeping the old value. */
const whole = (value: string | undefined) => numberOrText(value) ?? '';

const CEILING_LINE = /^([A-Za-z]{3})[\s:=]+(\S+)$/;

/**
 * The ceilings' lines (`USD 500`) as the API's change: each currency typed sets its amount, each
 * saved currency left out is removed. A line that is not a currency and an amount is refused here.
 */
const ceilingsOf = (text: string | undefined, saved: RiskSettings): { ok: true; value: Record<string, string | null> } | { ok: false; error: ApiError } => {
  const value: Record<string, string | null> = Object.fromEntries([...saved.scriptSaleMaxAmount.keys()].map((c) => [c, null]));
  for (const [i, line] of linesOf(text).entries()) {
    const match = CEILING_LINE.exec(line);
    if (!match) return { ok: false, error: new ApiError('validation_error', 'Check scriptSaleMaxAmount', [{ field: 'scriptSaleMaxAmount', message: `line ${i + 1} ("${line.slice(0, 40)}") must be a currency and an amount, such as USD 500` }]) };
    value[match[1]!.toLowerCase()] = match[2]!;
  }
  return { ok: true, value };
};

/** A refused banned domain names its line, not its index. */
const readable = (problem: Problem, form: Form): Problem => {
  const lines = linesOf(form.bannedReferrerDomains);
  return {
    ...problem,
    details: problem.details?.map((d) => {
      // The schema's words for text in a number field are for API callers.
      if (/expected (number|int)/.test(d.message)) return { ...d, message: 'must be a whole number' };
      const index = /^bannedReferrerDomains\.(\d+)$/.exec(d.field)?.[1];
      return index === undefined ? d : { ...d, message: `line ${Number(index) + 1} ("${(lines[Number(index)] ?? '').slice(0, 60)}") ${d.message}` };
    }),
  };
};

/**
 * The form checked field by field with the API's schema and the domain's rule, so every wrong field
 * shows its error at once (the use case checks the whole change again when it saves).
 */
const everyProblem = (raw: Record<string, unknown>, saved: RiskSettings): { ok: true; value: RiskSettingsPatch } | { ok: false; error: ApiError } => {
  const problems: FieldProblem[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(raw)) {
    const parsed = parseWith(RiskSettingsPatchBody, { [key]: field });
    if (!parsed.ok) {
      problems.push(...(parsed.error.details ?? []));
      continue;
    }
    const checked = changeRiskSettings(saved, parsed.value as RiskSettingsPatch, new Date(0));
    if (checked.isErr()) problems.push(...(checked.error.details ?? [{ field: key, message: checked.error.message }]));
    else value[key] = (parsed.value as Record<string, unknown>)[key];
  }
  if (problems.length > 0) return { ok: false, error: new ApiError('validation_error', `${problems.length === 1 ? 'One rule needs' : `${problems.length} rules need`} a fix: see beside each field.`, problems) };
  return { ok: true, value: value as RiskSettingsPatch };
};

/** Each field's label, for the list of problems above the form (beside each field, the field says itself). */
const LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RISK_SIGNALS.map((s) => [`actions.${s}`, SIGNAL_WORDS[s].name])),
  fastConversionSeconds: 'Too fast: seconds from click to sale',
  'clickVelocity.max': 'Clicks from one visitor: at most',
  'clickVelocity.windowMinutes': 'Clicks from one visitor: within minutes',
  'conversionVelocity.max': 'Sales from one visitor: at most',
  'conversionVelocity.windowMinutes': 'Sales from one visitor: within minutes',
  refundRatePercent: 'Refund rate above (percent)',
  refundRateMinConversions: 'Refund rate: minimum of sales',
  bannedReferrerDomains: 'Banned referrers',
  paidAds: 'Paid ads on your brand',
  scriptSales: 'Script sales',
  scriptSaleMaxAmount: 'Largest amount of one script sale',
};
const labelled = (problem: Problem | null): Problem | null =>
  problem && {
    ...problem,
    details: problem.details?.map((d) => ({ ...d, field: LABELS[d.field] ?? LABELS[d.field.split('.')[0]!] ?? d.field })),
  };

const NumberField = ({ form, problem, name, label, hint, min, max }: { form: Form; problem: Problem | null; name: string; label: string; hint: string; min: number; max: number }) => (
  <TextField form={form} problem={problem} name={name} label={label} type="number" min={min} max={max} hint={hint} required />
);

/**
 * The risk rules of the mode shown (owners only): what each signal does, its thresholds, the
 * banned referrers, the paid-ads policy and the script-sale rules. Saved through the use case of
 * `PATCH /api/v1/risk/settings`, so the same checks refuse the same input; audited as every write.
 */
export const riskSettingsRoutes = (rules: RiskRules) => {
  const view = async (c: DashboardContext, failed?: { form: Form; problem: Problem }, status: 200 | 400 = 200) => {
    ownerOnly(c);
    const tenant = c.get('tenant');
    const saved = await rules.get(tenant);
    const form = failed?.form ?? formFrom(saved);
    const problem = failed ? readable(failed.problem, failed.form) : null;
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      'Risk rules',
      '/dashboard/review',
      <>
        <Notice text={noticeOf(c)} />
        <p>
          Which checks run on each sale and affiliate, and what they do when they fire. Flagged and held items wait on the <a href="/dashboard/review">Review</a> page. Changes apply to what is checked from now on.{' '}
          {saved.updatedAt ? <span class="muted">Last changed {shortDate(saved.updatedAt.toISOString())} UTC.</span> : <span class="muted">These are the defaults; nothing was changed yet.</span>}
        </p>
        {tenant.mode === 'test' ? (
          <p class="notice info" role="status">
            These are the test-mode rules. Test data skips risk checks; only the script-sale rules apply to it.
          </p>
        ) : null}
        <ErrorBox problem={labelled(problem)} />
        <form method="post" action={RISK_SETTINGS_PATH} class="stack risk-rules">
          <CsrfField token={csrf} />
          <fieldset>
            <legend>What each check does</legend>
            <p class="muted flush-top">Flag: the item waits on the Review page and is never approved automatically. Hold: it is also held until you release it.</p>
            {RISK_SIGNALS.map((signal) => (
              <SelectField label={SIGNAL_WORDS[signal].name} name={`actions.${signal}`} choices={actionsOf(signal)} selected={form[`actions.${signal}`]} problem={problem} hint={`When ${SIGNAL_WORDS[signal].reads}.`} />
            ))}
          </fieldset>
          <fieldset>
            <legend>Thresholds</legend>
            <NumberField form={form} problem={problem} name="fastConversionSeconds" label="Too fast: seconds from click to sale" min={1} max={86_400} hint="A sale sooner than this after its click fires the check (default 10)" />
            <NumberField form={form} problem={problem} name="clickVelocity.max" label="Clicks from one visitor: at most" min={1} max={100_000} hint="More clicks than this from one browser or address fires the check" />
            <NumberField form={form} problem={problem} name="clickVelocity.windowMinutes" label="Clicks from one visitor: within minutes" min={1} max={43_200} hint="The window the clicks are counted in" />
            <NumberField form={form} problem={problem} name="conversionVelocity.max" label="Sales from one visitor: at most" min={1} max={100_000} hint="More sales than this from one browser or address fires the check" />
            <NumberField form={form} problem={problem} name="conversionVelocity.windowMinutes" label="Sales from one visitor: within minutes" min={1} max={43_200} hint="The window the sales are counted in" />
            <NumberField form={form} problem={problem} name="refundRatePercent" label="Refund rate above (percent)" min={1} max={100} hint="An affiliate's refunded share of sales over 90 days" />
            <NumberField form={form} problem={problem} name="refundRateMinConversions" label="Refund rate: once the affiliate has at least this many sales" min={1} max={10_000} hint="Counted over the same 90 days, so one refund of two sales does not fire it" />
          </fieldset>
          <fieldset>
            <legend>Traffic</legend>
            <label>
              Banned referrers
              <textarea name="bannedReferrerDomains" rows={4} {...invalidIf(problem, 'bannedReferrerDomains')}>
                {form.bannedReferrerDomains ?? ''}
              </textarea>
              <span class="muted plain">One domain per line, such as coupon-spam.example; its subdomains are banned too. A pasted address keeps its domain.</span>
              <FieldError problem={problem} field="bannedReferrerDomains" />
            </label>
            <SelectField
              label="Paid ads on your brand"
              name="paidAds"
              choices={PAID_ADS_POLICIES.map((p) => ({ value: p, label: p === 'allowed' ? 'Allowed' : 'Forbidden' }))}
              selected={form.paidAds}
              problem={problem}
              hint="Forbidden: a click from a paid ad fires the check, read from the ad click ids its landing address carries (gclid, fbclid, msclkid and others)"
            />
          </fieldset>
          <fieldset>
            <legend>Sales reported by the tracking script</legend>
            <SelectField
              label="Script sales"
              name="scriptSales"
              choices={[
                { value: 'on', label: 'On' },
                { value: 'off', label: 'Off' },
              ]}
              selected={form.scriptSales}
              problem={problem}
              hint="On: recorded, but they move no money until a payment provider confirms them or you approve them. Off: the tracking script cannot report sales."
            />
            <label>
              Largest amount of one script sale
              <textarea name="scriptSaleMaxAmount" rows={3} {...invalidIf(problem, 'scriptSaleMaxAmount')}>
                {form.scriptSaleMaxAmount ?? ''}
              </textarea>
              <span class="muted plain">One currency per line, such as USD 500. Empty: no ceiling. With any set, script sales in other currencies are refused.</span>
              <FieldError problem={problem} field="scriptSaleMaxAmount" />
            </label>
          </fieldset>
          <div class="actions">
            <button type="submit">Save risk rules</button>
            <a class="button secondary" href="/dashboard/review">
              Back to Review
            </a>
          </div>
        </form>
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>().get('/risk-settings', (c) => view(c)).post('/risk-settings', async (c) => {
    ownerOnly(c);
    const form = await formOf(c);
    const fail = (error: ApiError | Parameters<typeof refusal>[1]) => {
      const r = refusal(c, error);
      return view(c, { form, problem: r.problem }, 400);
    };
    const saved = await rules.get(c.get('tenant'));
    const ceilings = ceilingsOf(form.scriptSaleMaxAmount, saved);
    if (!ceilings.ok) return fail(ceilings.error);
    const raw: Record<string, unknown> = {
      actions: Object.fromEntries(RISK_SIGNALS.flatMap((s) => (form[`actions.${s}`] ? [[s, form[`actions.${s}`]]] : []))),
      fastConversionSeconds: whole(form.fastConversionSeconds),
      clickVelocity: { max: whole(form['clickVelocity.max']), windowMinutes: whole(form['clickVelocity.windowMinutes']) },
      conversionVelocity: { max: whole(form['conversionVelocity.max']), windowMinutes: whole(form['conversionVelocity.windowMinutes']) },
      refundRatePercent: whole(form.refundRatePercent),
      refundRateMinConversions: whole(form.refundRateMinConversions),
      bannedReferrerDomains: linesOf(form.bannedReferrerDomains),
      paidAds: form.paidAds || undefined,
      scriptSales: form.scriptSales || undefined,
      scriptSaleMaxAmount: ceilings.value,
    };
    const parsed = everyProblem(raw, saved);
    if (!parsed.ok) return fail(parsed.error);
    const result = await rules.change(c.get('tenant'), parsed.value);
    if (result.isErr()) return fail(result.error);
    return done(c, RISK_SETTINGS_PATH, 'Risk rules saved.');
  });
};

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { PayoutConfiguration } from '../../../application/payouts/payout-configuration.js';
import { formatAmount, PAYOUT_METHODS, planMeets, type PayoutMethod } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, noticeOf, optional, page, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { ErrorBox, FieldError, invalidIf, Notice, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AskFirst } from '../ask-first.js';

/** `PATCH /payout-settings` and `PUT/DELETE /payout-providers/:method`: each route's guards, in its order. */
const SETTINGS_GUARDS = [{ plan: 'ultimate', feature: 'Payout settings' }, 'write', 'managePayouts'] as const;
const PROVIDER_GUARDS = [{ plan: 'ultimate', feature: 'Payout providers' }, 'write', 'managePayouts'] as const;

/** Each method's credential fields, as `PUT /payout-providers/:method` takes them. */
const CREDENTIALS: Record<PayoutMethod, { title: string; fields: readonly { name: string; label: string }[] }> = {
  connect: { title: 'Stripe Connect', fields: [{ name: 'secretKey', label: 'Secret key (sk_live_… or sk_test_…, or a restricted key)' }] },
  wallet_a: {
    title: 'PayPal',
    fields: [
      { name: 'clientId', label: 'REST app client id' },
      { name: 'clientSecret', label: 'REST app secret' },
    ],
  },
  transfer_b: {
    title: 'Wise',
    fields: [
      { name: 'apiToken', label: 'API token' },
      { name: 'profileId', label: 'Business profile id that pays' },
    ],
  },
};

const isMethod = (value: string | undefined): value is PayoutMethod => (PAYOUT_METHODS as readonly string[]).includes(value ?? '');

/**
 * Payout settings of the mode shown (minimum per currency, payout day) and the payout providers'
 * credentials: written here, never shown back.
 */
export const payoutSettingsRoutes = (configuration: PayoutConfiguration) => {
  const view = async (c: DashboardContext, extra: { form?: Form; problem?: Problem | null; method?: PayoutMethod } = {}, status: 200 | 400 | 403 | 404 = 200) => {
    const refused = guardsRefuse(c, [{ plan: 'professional', feature: 'Payout settings' }]);
    if (refused) throw refused;
    const tenant = c.get('tenant');
    const providersAllowed = planMeets(c.get('principal').merchant.plan, 'ultimate');
    const [settings, providers] = await Promise.all([configuration.getSettings(tenant), providersAllowed ? configuration.listProviders(tenant) : Promise.resolve([])]);
    const configured = new Map(providers.map((p) => [p.method, p]));
    const csrf = c.get('webSession')!.csrfToken;
    const minimums = [...settings.minimumPayout].sort(([a], [b]) => a.localeCompare(b));
    const form = extra.method ? {} : (extra.form ?? {});
    const problem = extra.method ? null : extra.problem;
    return page(
      c,
      'Payout settings',
      '/dashboard/payout-settings',
      <>
        <p>
          <a href="/dashboard/payouts">← Payout queue</a> · these settings are for <strong>{tenant.mode}</strong> payouts (the switch at the top changes mode).
        </p>
        <Notice text={noticeOf(c)} />
        <section aria-labelledby="schedule">
          <h2 id="schedule">Minimums and payout day</h2>
          <ErrorBox problem={problem} />
          <form method="post" action="/dashboard/payout-settings" class="stack">
            <CsrfField token={csrf} />
            <label>
              Payout day (1 to 28, UTC)
              <input name="payoutDay" type="number" min={1} max={28} value={form.payoutDay ?? (settings.payoutDay === null ? '' : String(settings.payoutDay))} {...invalidIf(problem, 'payoutDay')} />
              <span class="muted plain">
                Empty: payouts go out as soon as they are due.
              </span>
              <FieldError problem={problem} field="payoutDay" />
            </label>
            <fieldset>
              <legend>Minimum payout per currency</legend>
              <p class="muted">Smaller sums wait and add up until they reach the minimum. Empty a field to remove that minimum.</p>
              {minimums.map(([currency, amount]) => (
                <label>
                  Minimum in {currency.toUpperCase()}
                  <input name={`min_${currency}`} inputmode="decimal" value={form[`min_${currency}`] ?? formatAmount(amount, currency)} {...invalidIf(problem, `minimumPayout.${currency}`)} />
                  <FieldError problem={problem} field={`minimumPayout.${currency}`} />
                </label>
              ))}
              <div class="filters">
                <label>
                  Add a currency
                  <input name="newCurrency" maxlength={3} size={4} placeholder="usd" value={form.newCurrency ?? ''} {...invalidIf(problem, `minimumPayout.${form.newCurrency ?? ''}`)} />
                </label>
                <label>
                  Its minimum
                  <input name="newMinimum" inputmode="decimal" value={form.newMinimum ?? ''} />
                </label>
              </div>
              {form.newCurrency ? <FieldError problem={problem} field={`minimumPayout.${form.newCurrency}`} /> : null}
            </fieldset>
            <button type="submit">Save payout settings</button>
          </form>
          <p class="muted">Last changed: {settings.updatedAt ? `${shortDate(settings.updatedAt.toISOString())} UTC` : 'never (defaults)'}</p>
        </section>
        <section aria-labelledby="providers">
          <h2 id="providers">Payout providers</h2>
          {!providersAllowed ? (
            <p>Payout providers need the Ultimate plan or above; until then, pay by hand from the payout queue.</p>
          ) : (
            <>
              <p class="muted">Credentials are encrypted at rest and never shown again: to change them, save new ones.</p>
              <Table caption="Payout providers and their state" head={['Method', 'State']}>
                {PAYOUT_METHODS.map((m) => (
                  <tr>
                    <td>{CREDENTIALS[m].title}</td>
                    <td>{configured.has(m) ? `configured ${shortDate(configured.get(m)!.updatedAt.toISOString())} UTC` : 'not configured'}</td>
                  </tr>
                ))}
              </Table>
              {PAYOUT_METHODS.map((m) => (
                <section aria-labelledby={`provider-${m}`}>
                  <h3 id={`provider-${m}`}>{CREDENTIALS[m].title}</h3>
                  {extra.method === m ? <ErrorBox problem={extra.problem} /> : null}
                  <form method="post" action={`/dashboard/payout-providers/${m}`} class="stack" autocomplete="off">
                    <CsrfField token={csrf} />
                    {CREDENTIALS[m].fields.map((f) => (
                      <label>
                        {f.label}
                        <input name={f.name} type="password" autocomplete="off" required {...(extra.method === m ? invalidIf(extra.problem, f.name) : {})} />
                        {extra.method === m ? <FieldError problem={extra.problem} field={f.name} /> : null}
                      </label>
                    ))}
                    <button type="submit">{configured.has(m) ? 'Replace credentials' : 'Save credentials'}</button>
                  </form>
                  {configured.has(m) ? (
                    <form method="post" action={`/dashboard/payout-providers/${m}/remove`} class="actions">
                      <CsrfField token={csrf} />
                      <AskFirst question={`Remove the ${CREDENTIALS[m].title} credentials? Payouts by this method wait until new ones are saved.`} yes="Yes, remove" />
                      <button type="submit" class="danger" aria-label={`Remove credentials: ${CREDENTIALS[m].title}`}>
                        Remove credentials
                      </button>
                    </form>
                  ) : null}
                </section>
              ))}
            </>
          )}
        </section>
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, error: Parameters<typeof refusal>[1], extra: { form?: Form; method?: PayoutMethod }) => {
    const r = refusal(c, error);
    return view(c, { ...extra, problem: r.problem }, r.status as 400);
  };

  return new Hono<DashboardEnv>()
    .get('/payout-settings', (c) => view(c))
    .post('/payout-settings', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, SETTINGS_GUARDS);
      if (refused) return fail(c, refused, { form });
      const minimumPayout: Record<string, string | null> = {};
      for (const [name, value] of Object.entries(form)) if (name.startsWith('min_')) minimumPayout[name.slice(4)] = optional(value) ?? null;
      const added = optional(form.newCurrency);
      if (added !== undefined) minimumPayout[added.toLowerCase()] = form.newMinimum ?? '';
      const day = optional(form.payoutDay);
      // Text that is no whole number reaches the settings rule as NaN, which it refuses on `payoutDay`.
      const result = await configuration.changeSettings(c.get('tenant'), { payoutDay: day === undefined ? null : Number(day), minimumPayout });
      if (result.isErr()) return fail(c, result.error, { form: { ...form, newCurrency: added?.toLowerCase() ?? '' } });
      return done(c, '/dashboard/payout-settings', 'Payout settings saved.');
    })
    .post('/payout-providers/:method', async (c) => {
      const method = c.req.param('method');
      if (!isMethod(method)) throw new ApiError('not_found', 'No such payout method');
      const form = await formOf(c);
      const refused = guardsRefuse(c, PROVIDER_GUARDS);
      if (refused) return fail(c, refused, { method });
      const credentials = Object.fromEntries(CREDENTIALS[method].fields.map((f) => [f.name, form[f.name] ?? '']));
      const result = await configuration.saveCredentials(c.get('tenant'), method, credentials);
      if (result.isErr()) return fail(c, result.error, { method });
      return done(c, '/dashboard/payout-settings', `${CREDENTIALS[method].title} credentials saved.`);
    })
    .post('/payout-providers/:method/remove', async (c) => {
      const method = c.req.param('method');
      if (!isMethod(method)) throw new ApiError('not_found', 'No such payout method');
      await formOf(c);
      const refused = guardsRefuse(c, PROVIDER_GUARDS);
      if (refused) return fail(c, refused, { method });
      const result = await configuration.removeCredentials(c.get('tenant'), method);
      if (result.isErr()) throw ApiError.from(result.error);
      return done(c, '/dashboard/payout-settings', `${CREDENTIALS[method].title} credentials removed.`);
    });
};

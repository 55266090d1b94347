/** @jsxImportSource hono/jsx */
import { usesSigningSecret, type CouponProvider, type DomainError } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import type { IntegrationRouteDependencies } from '../../http/routes/integrations.routes.js';
import { PatchBody } from '../../http/routes/integrations.routes.js';
import { done, formOf, guardsRefuse, idOrNotFound, numberOrText, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form, type Guard } from '../page-kit.js';
import { TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

/** `PATCH /integrations/:id`'s guards, in its order. */
export const INTEGRATION_WRITE_GUARDS: readonly Guard[] = [{ plan: 'ultimate', feature: 'Integrations' }, 'write'];

/** The fields each form of the page sends; a field left out is not changed, as in a PATCH body. */
const EDITABLE = ['name', 'signingSecret', 'bundleId', 'appAppleId'] as const;

/** What one form asks to change, as `PATCH /integrations/:id`'s body: an empty name removes it, an empty Apple ID too. */
const patchOf = (form: Form): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const value = form[field];
    if (value === undefined) continue;
    if (field === 'name') body.name = value === '' ? null : value;
    else if (field === 'appAppleId') body.appAppleId = value === '' ? null : numberOrText(value);
    else body[field] = value;
  }
  return body;
};

const noticeFor = (body: Record<string, unknown>) =>
  'signingSecret' in body ? 'Signing secret replaced: notifications signed with the old one are refused from now on.' : 'name' in body ? 'Name saved.' : 'App saved.';

/** The form values to show again after a refusal: never the secret, which the API never shows. */
const shownAgain = (form: Form): Form => Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'signingSecret' && k !== '_csrf'));

export interface IntegrationEditState {
  readonly form?: Form;
  readonly problem?: Problem | null;
}

/**
 * Rename an integration, replace its signing secret (after rotating it at the provider) or, for
 * `app_store`, change the app: three small forms over `PATCH /integrations/:id`. The secret field is
 * always empty: the service never shows a signing secret, not even the one it keeps.
 */
export const IntegrationEditForms = ({
  id,
  provider,
  current,
  csrf,
  state,
}: {
  id: string;
  provider: CouponProvider;
  current: { name: string | null; bundleId: string | null; appAppleId: number | null };
  csrf: string;
  state: IntegrationEditState;
}) => {
  const form: Form = { name: current.name ?? '', bundleId: current.bundleId ?? '', appAppleId: current.appAppleId === null ? '' : String(current.appAppleId), ...state.form };
  const action = `/dashboard/integrations/${id}/edit`;
  return (
    <section aria-labelledby="edit-integration">
      <h2 id="edit-integration">Change</h2>
      <form method="post" action={action} class="stack">
        <CsrfField token={csrf} />
        <h3>Name</h3>
        <TextField form={form} problem={state.problem} name="name" label="Integration name" maxlength={120} hint="Only for you, to tell integrations apart. Empty removes it." />
        <button type="submit">Save name</button>
      </form>
      {usesSigningSecret(provider) ? (
        <form method="post" action={action} class="stack">
          <CsrfField token={csrf} />
          <h3>Signing secret</h3>
          <p>
            After rolling the endpoint's signing secret at the provider, paste the new one here. From then on notifications signed with the old secret are refused (the provider retries
            them). The secret is never shown again, here or through the API.
          </p>
          <TextField form={{}} problem={state.problem} name="signingSecret" label="New signing secret" type="password" autocomplete="off" required maxlength={500} />
          <button type="submit">Replace the signing secret</button>
        </form>
      ) : (
        <form method="post" action={action} class="stack">
          <CsrfField token={csrf} />
          <h3>App</h3>
          <p>Notifications for another app are recorded as ignored. A live integration keeps an Apple ID (Apple's Production environment needs it).</p>
          <TextField form={form} problem={state.problem} name="bundleId" label="Bundle id" maxlength={155} required />
          <TextField form={form} problem={state.problem} name="appAppleId" label="Apple ID of the app" inputmode="numeric" />
          <button type="submit">Save app</button>
        </form>
      )}
    </section>
  );
};

type RenderDetail = (c: DashboardContext, id: string, edit: IntegrationEditState, status: 400 | 403 | 409) => Promise<Response>;

/** `PATCH /integrations/:id` from one of the forms: the route's guards and body schema, then its use case (which refuses a live one to a member without Manage payouts). */
export const editIntegrationHandler = (deps: IntegrationRouteDependencies, render: RenderDetail) => async (c: DashboardContext) => {
  const refused = guardsRefuse(c, INTEGRATION_WRITE_GUARDS);
  if (refused) throw refused;
  const id = idOrNotFound(c.req.param('id'), 'Integration');
  const form = await formOf(c);
  const fail = (error: ApiError | DomainError) => {
    throwIfNotFound(error);
    const r = refusal(c, error);
    return render(c, id, { form: shownAgain(form), problem: r.problem }, r.status as 400);
  };
  const body = patchOf(form);
  const parsed = parseWith(PatchBody, body);
  if (!parsed.ok) return fail(parsed.error);
  const result = await deps.manageIntegrations.update(c.get('tenant'), c.get('principal').actor, id, parsed.value);
  if (result.isErr()) return fail(result.error);
  return done(c, `/dashboard/integrations/${id}`, noticeFor(body));
};

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COUPON_PROVIDERS } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { integrationEventJson, integrationJson } from '../../http/routes/integration.json.js';
import type { IntegrationRouteDependencies } from '../../http/routes/integrations.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, pageParams, refusal, throwIfNotFound, type DashboardContext } from '../page-kit.js';
import { ConfirmDialog, ErrorBox, Notice, Pager, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { editIntegrationHandler, IntegrationEditForms, type IntegrationEditState } from './integration-edit.js';
import { providerName } from '../../display/names.js';
import { statusLabel } from '../../display/status-labels.js';

const PLAN = { plan: 'ultimate', feature: 'Integrations' } as const;

/** Deleting is final: the provider's notifications to the endpoint are refused from then on. */
const DeleteDialog = ({ csrf, id, name }: { csrf: string; id: string; name: string }) => (
  <ConfirmDialog
    id="delete-integration"
    name="delete"
    title={`Delete ${name}?`}
    text="Its endpoint answers 404 from then on, so the provider's notifications no longer create or refund sales here. Conversions it created and its events log stay. This cannot be undone: to connect the provider again, connect it anew and paste the new endpoint URL into the provider."
    action={`/dashboard/integrations/${id}/delete`}
    csrf={csrf}
    confirm="Delete integration"
    danger
    cancelHref={`/dashboard/integrations/${id}`}
  >
    <input type="hidden" name="confirm" value="true" />
  </ConfirmDialog>
);

/** Payment-provider integrations (Ultimate): connect one (its endpoint URL to paste), its events log, rename, replace its secret or app, pause, resume and delete. */
export const integrationRoutes = (deps: IntegrationRouteDependencies) => {
  const json = (i: Parameters<typeof integrationJson>[0]) => integrationJson(i, deps.publicBaseUrl);
  const list = async (c: DashboardContext, problem?: Problem | null, status: 200 | 400 | 403 | 409 = 200) => {
    const refused = guardsRefuse(c, [PLAN]);
    if (refused) throw refused;
    const { page: pageNo, limit } = pageParams(c);
    const result = await deps.manageIntegrations.list(c.get('tenant'), { page: pageNo, limit });
    return page(
      c,
      'Integrations',
      '/dashboard/integrations',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <section class="panel" aria-labelledby="new-integration">
          <h2 id="new-integration">Connect a provider</h2>
          <form method="post" action="/dashboard/integrations" class="stack">
            <CsrfField token={c.get('webSession')!.csrfToken} />
            <label>
              Provider
              <select name="provider">
                {COUPON_PROVIDERS.map((p) => (
                  <option value={p}>{providerName(p)}</option>
                ))}
              </select>
            </label>
            <label>
              Name
              <input name="name" maxlength={120} />
            </label>
            <label>
              The provider's signing secret for this endpoint (not for the App Store)
              <input name="signingSecret" type="password" autocomplete="off" />
            </label>
            <label>
              App Store: the app's bundle id
              <input name="bundleId" maxlength={155} />
            </label>
            <label>
              App Store: the app's Apple ID (required for live)
              <input name="appAppleId" inputmode="numeric" />
            </label>
            <button type="submit">Connect</button>
          </form>
        </section>
        <div id="list">
          <Table caption="Payment-provider integrations" head={['Provider', 'Name', 'Endpoint URL (paste it into the provider)', 'State']} empty={result.items.length === 0 && 'No provider connected: connect one above so that sales are recorded as they happen.'}>
            {result.items.map(json).map((i) => (
              <tr>
                <td>
                  <a href={`/dashboard/integrations/${i.id}`}>{providerName(i.provider)}</a>
                </td>
                <td>{i.name ?? '—'}</td>
                <td>
                  <code>{i.endpointUrl}</code>
                </td>
                <td>{i.active ? 'active' : 'paused'}</td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/integrations" params={{}} page={result.page} limit={result.limit} total={result.total} />
        </div>
      </>,
      status,
    );
  };

  const detail = async (c: DashboardContext, id: string, extra: { problem?: Problem | null; confirmDelete?: boolean; edit?: IntegrationEditState } = {}, status: ContentfulStatusCode = 200) => {
    const refused = guardsRefuse(c, [PLAN]);
    if (refused) throw refused;
    const found = await deps.manageIntegrations.get(c.get('tenant'), id);
    if (found.isErr()) throw ApiError.from(found.error);
    const i = json(found.value);
    const { page: pageNo, limit } = pageParams(c);
    // Previous / next without a total: counting a long log on every view costs more than the page.
    const events = await deps.manageIntegrations.browseDeliveries(c.get('tenant'), id, { page: pageNo, limit });
    if (events.isErr()) throw ApiError.from(events.error);
    const csrf = c.get('webSession')!.csrfToken;
    const title = i.name ? `${i.name} (${providerName(i.provider)})` : `${providerName(i.provider)} integration`;
    return page(
      c,
      title,
      '/dashboard/integrations',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra.problem ?? extra.edit?.problem} />
        {extra.confirmDelete ? <DeleteDialog csrf={csrf} id={id} name={i.name ?? title} /> : null}
        <p>
          Endpoint: <code>{i.endpointUrl}</code> · {i.active ? 'active' : 'paused'}
        </p>
        <div class="actions">
          <form method="post" action={`/dashboard/integrations/${id}/${i.active ? 'pause' : 'resume'}`} class="inline">
            <CsrfField token={csrf} />
            <button type="submit" class="secondary">
              {i.active ? 'Pause' : 'Resume'}
            </button>
          </form>
          <form method="post" action={`/dashboard/integrations/${id}/delete`} class="inline">
            <CsrfField token={csrf} />
            <button type="submit" class="danger" data-asks-first aria-label={`Delete the integration ${i.name ?? title}`}>
              Delete
            </button>
          </form>
        </div>
        <IntegrationEditForms id={id} provider={i.provider} current={i} csrf={csrf} state={extra.edit ?? {}} />
        <h2>Events log</h2>
        <div id="list">
          <Table caption="Provider events, newest first" head={['Received', 'Type', 'Outcome', 'Why', 'Conversion', '']} empty={events.value.items.length === 0 && (pageNo > 1 ? 'No events on this page.' : 'No notifications yet: they appear here once the provider sends them to the endpoint above, signed with the secret you saved.')}>
            {events.value.items.map(integrationEventJson).map((e) => (
              <tr>
                <td>{shortDate(e.receivedAt)}</td>
                <td>
                  {e.type}
                  <div class="muted">
                    <code>{e.providerEventId}</code>
                  </div>
                </td>
                <td>{statusLabel(e.outcome)}</td>
                <td>
                  {e.reason ?? ''}
                  {e.code ? ` (${e.code})` : ''}
                </td>
                <td>{e.conversionId ? <code>{e.conversionId.slice(0, 8)}</code> : "—"}</td>
                <td>
                  {e.replayable ? (
                    <form method="post" action={`/dashboard/integrations/${id}/events/${e.id}/replay`} class="inline">
                      <CsrfField token={csrf} />
                      <button type="submit" class="secondary" aria-label={`Replay the refused sale of ${e.providerEventId}`}>
                        Replay
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base={`/dashboard/integrations/${id}`} params={{}} page={events.value.page} limit={events.value.limit} hasMore={events.value.hasMore} />
        </div>
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/integrations', (c) => list(c))
    .post('/integrations', async (c) => {
      const refused = guardsRefuse(c, [PLAN, 'write']);
      if (refused) throw refused;
      const form = await formOf(c);
      // Empty fields are absent: each provider takes either a signing secret or the app's identity.
      const appleId = form.appAppleId?.trim();
      const result = await deps.manageIntegrations.create(c.get('tenant'), c.get('principal').actor, {
        provider: form.provider ?? '',
        signingSecret: form.signingSecret || undefined,
        bundleId: form.bundleId?.trim() || undefined,
        appAppleId: appleId ? (/^\d+$/.test(appleId) ? Number(appleId) : Number.NaN) : undefined,
        name: form.name || null,
      });
      if (result.isErr()) {
        const r = refusal(c, result.error);
        return list(c, r.problem, r.status as 400);
      }
      return done(c, `/dashboard/integrations/${result.value.id}`, 'Connected: paste the endpoint URL into the provider.');
    })
    .get('/integrations/:id', (c) => detail(c, idOrNotFound(c.req.param('id'), 'Integration')))
    .post('/integrations/:id/edit', editIntegrationHandler(deps, (c, id, edit, status) => detail(c, id, { edit }, status)))
    .post('/integrations/:id/delete', async (c) => {
      const refused = guardsRefuse(c, [PLAN, 'write']);
      if (refused) throw refused;
      const id = idOrNotFound(c.req.param('id'), 'Integration');
      const form = await formOf(c);
      // Disconnecting stops the provider's notifications: asked once more, as a dialog that resends with `confirm`.
      if (form.confirm !== 'true') return detail(c, id, { confirmDelete: true });
      const result = await deps.manageIntegrations.delete(c.get('tenant'), c.get('principal').actor, id);
      if (result.isErr()) {
        throwIfNotFound(result.error);
        const r = refusal(c, result.error);
        return detail(c, id, { problem: r.problem }, r.status);
      }
      return done(c, '/dashboard/integrations', 'Integration deleted: its endpoint answers 404 from now on.');
    })
    .post('/integrations/:id/events/:eventId/replay', async (c) => {
      const refused = guardsRefuse(c, [PLAN, 'write']);
      if (refused) throw refused;
      const id = idOrNotFound(c.req.param('id'), 'Integration');
      const eventId = idOrNotFound(c.req.param('eventId'), 'Integration event');
      await formOf(c);
      const result = await deps.replayProviderSale.execute(c.get('tenant'), c.get('principal').actor, id, eventId);
      if (result.isErr()) {
        throwIfNotFound(result.error);
        const r = refusal(c, result.error);
        return detail(c, id, { problem: r.problem }, r.status);
      }
      const r = result.value;
      const message = r.replayed
        ? `Replayed: conversion ${r.conversionId?.slice(0, 8)} made.`
        : r.outcome === 'rejected'
          ? `Replayed, but still refused: ${r.reason ?? r.code}`
          : `Nothing changed: ${r.reason}`;
      return done(c, `/dashboard/integrations/${id}`, message);
    })
    .post('/integrations/:id/:action', async (c) => {
      const refused = guardsRefuse(c, [PLAN, 'write']);
      if (refused) throw refused;
      const id = idOrNotFound(c.req.param('id'), 'Integration');
      const action = c.req.param('action');
      if (action !== 'pause' && action !== 'resume') throw new ApiError('not_found', 'No such action');
      await formOf(c);
      const result = await deps.manageIntegrations.update(c.get('tenant'), c.get('principal').actor, id, { active: action === 'resume' });
      if (result.isErr()) throw ApiError.from(result.error);
      return done(c, `/dashboard/integrations/${id}`, action === 'resume' ? 'Integration resumed.' : 'Integration paused.');
    });
};

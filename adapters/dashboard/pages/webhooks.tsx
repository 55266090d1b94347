/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/index.js';
import { ApiError } from '../../http/api-error.js';
import { UpdateWebhookBody } from '../../http/routes/webhook.input.js';
import { attemptJson, webhookJson } from '../../http/routes/webhook.json.js';
import type { WebhookUseCases } from '../../http/routes/webhooks.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, numberOrText, page, pageParams, parseWith, refusal, throwIfNotFound, type DashboardContext } from '../page-kit.js';
import { ErrorBox, FieldError, invalidIf, Notice, Pager, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AskFirst } from '../ask-first.js';

const PLAN = { plan: 'ultimate', feature: 'Webhooks' } as const;

/** URL, events and retries of a subscription (`PATCH /webhooks/:id`). */
const DeliverySettings = ({ csrf, id, values, problem }: { csrf: string; id: string; values: { url: string; events: readonly string[]; maxRetries: string }; problem: Problem | null | undefined }) => (
  <details open={problem ? true : undefined}>
    <summary>Change URL, events or retries</summary>
    <form method="post" action={`/dashboard/webhooks/${id}/edit`} class="stack">
      <CsrfField token={csrf} />
      <label>
        URL (public HTTPS)
        <input name="url" type="url" required value={values.url} {...invalidIf(problem, 'url')} />
        <FieldError problem={problem} field="url" />
      </label>
      <fieldset>
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((e) => (
          <label class="check">
            <input type="checkbox" name="events" value={e} checked={values.events.includes(e)} /> {e}
          </label>
        ))}
        <FieldError problem={problem} field="events" />
      </fieldset>
      <label>
        Automatic retries of a failed delivery
        <input name="maxRetries" type="number" min={0} value={values.maxRetries} {...invalidIf(problem, 'maxRetries')} />
        <FieldError problem={problem} field="maxRetries" />
      </label>
      <button type="submit">Save subscription</button>
    </form>
  </details>
);

/** Webhook subscriptions (Ultimate): create, the delivery log with resend, rotate, test, pause and resume. */
export const webhookRoutes = (useCases: WebhookUseCases) => {
  const refusedPage = (c: DashboardContext, error: Parameters<typeof refusal>[1]) => {
    const r = refusal(c, error);
    return page(c, 'Webhooks', '/dashboard/webhooks', <ErrorBox problem={r.problem} />, r.status);
  };

  const list = async (c: DashboardContext, extra: { problem?: Problem | null; secret?: { url: string; secret: string } } = {}, status: 200 | 201 | 400 | 403 | 404 = 200) => {
    const planRefused = guardsRefuse(c, [PLAN]);
    if (planRefused) return refusedPage(c, planRefused);
    const { page: pageNo, limit } = pageParams(c);
    const result = await useCases.listWebhooks.page(c.get('tenant'), { page: pageNo, limit });
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      'Webhooks',
      '/dashboard/webhooks',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra.problem} />
        {extra.secret ? (
          <div class="notice" role="status">
            <p>Signing secret of {extra.secret.url} (shown only now):</p>
            <code class="secret">{extra.secret.secret}</code>
          </div>
        ) : null}
        <section class="panel" aria-labelledby="new-webhook">
          <h2 id="new-webhook">New subscription</h2>
          <form method="post" action="/dashboard/webhooks" class="stack">
            <CsrfField token={csrf} />
            <label>
              URL (public HTTPS)
              <input name="url" type="url" required />
            </label>
            <fieldset>
              <legend>Events</legend>
              {WEBHOOK_EVENT_TYPES.map((e) => (
                <label class="check">
                  <input type="checkbox" name="events" value={e} /> {e}
                </label>
              ))}
            </fieldset>
            <button type="submit">Create subscription</button>
          </form>
        </section>
        <div id="list">
          <Table caption="Webhook subscriptions" head={['URL', 'Events', 'State', 'Actions']} empty={result.items.length === 0 && 'No subscriptions: add one above to have events sent to your server.'}>
            {result.items.map(webhookJson).map((w) => (
              <tr>
                <td>
                  <a href={`/dashboard/webhooks/${w.id}`}>{w.url}</a>
                </td>
                <td>{w.events.join(', ')}</td>
                <td>{w.active ? 'active' : w.pausedAt ? `paused after failures (${shortDate(w.pausedAt)})` : 'inactive'}</td>
                <td>
                  <a href={`/dashboard/webhooks/${w.id}`}>Delivery log</a>
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/webhooks" params={{}} page={result.page} limit={result.limit} total={result.total} />
        </div>
      </>,
      status,
    );
  };

  const detail = async (c: DashboardContext, id: string, extra: { problem?: Problem | null; secret?: string; notice?: string; edit?: { url: string; events: readonly string[]; maxRetries: string } } = {}, status: 200 | 400 | 403 | 404 | 409 | 422 = 200) => {
    const tenant = c.get('tenant');
    const subscription = await useCases.listWebhooks.one(tenant, id);
    if (subscription.isErr()) throw ApiError.from(subscription.error);
    const attempts = await useCases.listWebhookDeliveries.execute(tenant, id, 100);
    if (attempts.isErr()) throw ApiError.from(attempts.error);
    const csrf = c.get('webSession')!.csrfToken;
    const rows = attempts.value.map(attemptJson);
    const action = (path: string, label: string, cls?: string, ask?: string) => (
      <form method="post" action={`/dashboard/webhooks/${id}/${path}`} class="inline">
        <CsrfField token={csrf} />
        {ask ? <AskFirst question={ask} yes={`Yes, ${label.toLowerCase()}`} /> : null}
        <button type="submit" class={cls}>
          {label}
        </button>
      </form>
    );
    return page(
      c,
      `Deliveries to ${subscription.value.url}`,
      '/dashboard/webhooks',
      <>
        <Notice text={extra.notice ?? noticeOf(c)} />
        <ErrorBox problem={extra.problem} />
        {extra.secret ? (
          <div class="notice" role="status">
            <p>New signing secret (shown only now; the old one stopped working):</p>
            <code class="secret">{extra.secret}</code>
          </div>
        ) : null}
        <div class="actions">
          {action('test', 'Send a test ping', 'secondary')}
          {action('rotate', 'Rotate secret', 'secondary')}
          {action('resume', 'Resume (reset failures)', 'secondary')}
          {action('deactivate', 'Deactivate', 'danger', 'Deactivate this webhook? Events stop being delivered to it.')}
        </div>
        <DeliverySettings csrf={csrf} id={id} values={extra.edit ?? { url: subscription.value.url, events: [...subscription.value.events], maxRetries: String(subscription.value.maxRetries) }} problem={extra.edit ? extra.problem : null} />
        <h2>Delivery log (latest 100 attempts)</h2>
        <Table caption="Delivery attempts, newest first" head={['When', 'Event', 'Trigger', 'Result', { label: 'HTTP', num: true }, 'Actions']} empty={rows.length === 0 && 'No deliveries yet: they appear once a subscribed event happens.'}>
          {rows.map((a) => (
            <tr>
              <td>{shortDate(a.createdAt)}</td>
              <td>{a.event}</td>
              <td>{a.trigger}</td>
              <td>{a.success ? 'succeeded' : `failed${a.error ? `: ${a.error}` : ''}`}</td>
              <td class="num">{a.httpStatus ?? '—'}</td>
              <td>
                {!a.success && a.trigger !== 'test' ? (
                  <form method="post" action={`/dashboard/webhooks/${id}/deliveries/${a.deliveryId}/resend`} class="inline">
                    <CsrfField token={csrf} />
                    <button type="submit" aria-label={`Resend the ${a.event} delivery of ${shortDate(a.createdAt)}`}>
                      Resend
                    </button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      </>,
      status,
    );
  };

  const writeRefused = (c: DashboardContext) => guardsRefuse(c, [PLAN, 'write']);

  return new Hono<DashboardEnv>()
    .get('/webhooks', (c) => list(c))
    .post('/webhooks', async (c) => {
      const refused = writeRefused(c);
      if (refused) return refusedPage(c, refused);
      const body = await c.req.parseBody({ all: true });
      const events = ([] as unknown[]).concat(body.events ?? []).filter((e): e is string => typeof e === 'string');
      const url = typeof body.url === 'string' ? body.url.trim() : '';
      const result = await useCases.createWebhook.execute({ tenant: c.get('tenant'), url, events });
      if (result.isErr()) {
        const r = refusal(c, result.error);
        return list(c, { problem: r.problem }, r.status as 400);
      }
      return list(c, { secret: { url: result.value.url, secret: result.value.secret } }, 201);
    })
    .get('/webhooks/:id', (c) => detail(c, idOrNotFound(c.req.param('id'), 'Webhook subscription')))
    .post('/webhooks/:id/edit', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Webhook subscription');
      const refused = writeRefused(c);
      if (refused) return refusedPage(c, refused);
      const body = await c.req.parseBody({ all: true });
      const events = ([] as unknown[]).concat(body.events ?? []).filter((e): e is string => typeof e === 'string');
      const edit = { url: typeof body.url === 'string' ? body.url.trim() : '', events, maxRetries: typeof body.maxRetries === 'string' ? body.maxRetries.trim() : '' };
      const fail = (error: Parameters<typeof refusal>[1]) => {
        throwIfNotFound(error);
        const r = refusal(c, error);
        return detail(c, id, { problem: r.problem, edit }, r.status as 400);
      };
      const parsed = parseWith(UpdateWebhookBody, { url: edit.url, events, ...(edit.maxRetries === '' ? {} : { maxRetries: numberOrText(edit.maxRetries) }) });
      if (!parsed.ok) return fail(parsed.error);
      const result = await useCases.updateWebhook.execute({ tenant: c.get('tenant'), id, ...parsed.value });
      if (result.isErr()) return fail(result.error);
      return done(c, `/dashboard/webhooks/${id}`, 'Subscription saved.');
    })
    .post('/webhooks/:id/:action', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Webhook subscription');
      const refused = writeRefused(c);
      if (refused) return refusedPage(c, refused);
      await formOf(c);
      const tenant = c.get('tenant');
      switch (c.req.param('action')) {
        case 'rotate': {
          const r = await useCases.rotateWebhookSecret.execute(tenant, id);
          if (r.isErr()) throw ApiError.from(r.error);
          return detail(c, id, { secret: r.value.secret });
        }
        case 'test': {
          const r = await useCases.sendTestWebhook.execute(tenant, id);
          if (r.isErr()) {
            throwIfNotFound(r.error);
            const f = refusal(c, r.error);
            return detail(c, id, { problem: f.problem }, f.status as 400);
          }
          return detail(c, id, { notice: r.value.success ? `Ping delivered (HTTP ${r.value.httpStatus}).` : `Ping failed${r.value.httpStatus ? ` (HTTP ${r.value.httpStatus})` : ''}.` });
        }
        case 'resume':
        case 'deactivate': {
          const r =
            c.req.param('action') === 'resume'
              ? await useCases.updateWebhook.execute({ tenant, id, active: true })
              : await useCases.updateWebhook.deactivate(tenant, id);
          if (r.isErr()) throw ApiError.from(r.error);
          return done(c, `/dashboard/webhooks/${id}`, c.req.param('action') === 'resume' ? 'Subscription active again.' : 'Subscription deactivated.');
        }
        default:
          throw new ApiError('not_found', 'No such action');
      }
    })
    .post('/webhooks/:id/deliveries/:deliveryId/resend', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Webhook subscription');
      const refused = writeRefused(c);
      if (refused) return refusedPage(c, refused);
      const r = await useCases.resendWebhookDelivery.execute(c.get('tenant'), id, idOrNotFound(c.req.param('deliveryId'), 'Delivery'));
      if (r.isErr()) throw ApiError.from(r.error);
      return done(c, `/dashboard/webhooks/${id}`, r.value.succeeded ? 'Resent: delivered.' : 'Resent: it failed again (see the log).');
    });
};

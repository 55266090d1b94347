import type pg from 'pg';
import type { BenchMerchant } from './fixtures.js';
import type { LoadRequest } from './load.js';
import { ADMIN_TOKEN } from './service.js';

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((l) => l.split(';')[0]!);

/**
 * Signs a dashboard owner of the merchant in through the real pages (operator creates the user, the
 * emailed link sets a password) and answers the session cookie.
 */
export const dashboardSession = async (base: string, db: pg.Pool, m: Pick<BenchMerchant, 'id'>): Promise<string> => {
  // A fresh user each run, so a loaded merchant can be measured again (`--dashboard-merchant`).
  const email = `bench-owner-${m.id.slice(0, 8)}-${Date.now()}@example.com`;
  const created = await fetch(`${base}/admin/v1/merchants/${m.id}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'owner' }),
  });
  if (created.status !== 201) throw new Error(`dashboard user: ${created.status} ${await created.text()}`);
  const { rows } = await db.query(`select body from mail_outbox where recipient = $1 order by created_at desc limit 1`, [email]);
  const link = new URL(/https?:\/\/\S+/.exec(rows[0].body as string)![0]);
  const form = await fetch(`${base}${link.pathname}${link.search}`);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const set = await fetch(`${base}/dashboard/set-password`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(form).join('; '), origin: base },
    body: new URLSearchParams({ _csrf: csrf, token: link.searchParams.get('token')!, password: 'bench password 1234' }).toString(),
  });
  const session = cookiesOf(set).find((c) => c.startsWith('dashboard_session='));
  if (set.status !== 303 || !session) throw new Error(`dashboard sign-in: ${set.status}`);
  return session;
};

const json = async (base: string, path: string, token: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string; key: string } }).data;
};

/**
 * What the detail pages show, at a busy merchant's size: a team of 100 and an integration (through the
 * API, with a key the operator issues), and, in bulk, a webhook subscription with 200,000 deliveries
 * and 200,000 integration events (a year of one notification per sale on a fifth of the sales).
 * Made once per merchant; a reused merchant keeps them.
 */
export const dashboardSubjects = async (base: string, db: pg.Pool, merchantId: string) => {
  const existing = await db.query(
    `select (select id from teams where merchant_id = $1 limit 1) as team, (select id from integrations where merchant_id = $1 limit 1) as integration,
       (select id from webhook_subscriptions where merchant_id = $1 limit 1) as webhook`,
    [merchantId],
  );
  const found = existing.rows[0] as { team: string | null; integration: string | null; webhook: string | null };
  if (found.team && found.integration && found.webhook) return { teamId: found.team, integrationId: found.integration, webhookId: found.webhook };
  const key = (await json(base, `/admin/v1/merchants/${merchantId}/keys`, ADMIN_TOKEN, { mode: 'live', write: true })).key;
  const team = await json(base, '/api/v1/teams', key, { name: 'Bench closers' });
  const { rows: members } = await db.query(`select distinct affiliate_id from affiliate_memberships where merchant_id = $1 and status = 'approved' limit 100`, [merchantId]);
  await json(base, `/api/v1/teams/${team.id}/members`, key, { affiliateIds: members.map((r: { affiliate_id: string }) => r.affiliate_id) });
  const integration = await json(base, '/api/v1/integrations', key, { provider: 'card', signingSecret: 'whsec_bench_dashboard' });
  const webhook = (
    await db.query(
      `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', 'https://hooks.bench.example.com/affiliate', '["conversion.created"]', md5('a') || md5('b'), true, now() - interval '365 days', now())
       returning id`,
      [merchantId],
    )
  ).rows[0].id as string;
  await db.query(
    `insert into webhook_deliveries (id, subscription_id, merchant_id, mode, event_id, event_type, body, status, attempts, created_at, updated_at)
     select gen_random_uuid(), $2, $1, 'live', null, 'conversion.created', '{"type":"conversion.created"}',
       case when g % 50 = 0 then 'failed' else 'succeeded' end, 1, now() - make_interval(secs => g * 157.68), now() - make_interval(secs => g * 157.68)
     from generate_series(1, 200000) g`,
    [merchantId, webhook],
  );
  await db.query(
    `insert into integration_events (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome, reason)
     select gen_random_uuid(), $2, $1, 'live', 'evt_bench_' || g, 'checkout.session.completed', now() - make_interval(secs => g * 157.68),
       case when g % 20 = 0 then 'ignored' else 'recorded' end, case when g % 20 = 0 then 'no coupon or referral' end
     from generate_series(1, 200000) g`,
    [merchantId, integration.id],
  );
  await db.query(`vacuum (analyze) webhook_deliveries`);
  await db.query(`vacuum (analyze) integration_events`);
  return { teamId: team.id, integrationId: integration.id, webhookId: webhook };
};

/** Every page of the dashboard (detail pages on the merchant's busiest rows), as the signed-in owner. */
export const dashboardRequests = async (db: pg.Pool, m: Pick<BenchMerchant, 'id'>, session: string, subjects: Awaited<ReturnType<typeof dashboardSubjects>>) => {
  const get = (path: string): LoadRequest => ({ method: 'GET', path, headers: { cookie: session } });
  const { rows: affiliates } = await db.query(`select affiliate_id from affiliate_memberships where merchant_id = $1 order by joined_at desc limit 20`, [m.id]);
  const { rows: campaigns } = await db.query(`select id from campaigns where merchant_id = $1 limit 20`, [m.id]);
  return {
    'overview (30 days)': [get('/dashboard')],
    'overview (90 days)': [get('/dashboard?days=90')],
    'overview (365 days)': [get('/dashboard?days=365')],
    campaigns: [get('/dashboard/campaigns')],
    'campaign detail': campaigns.map((c: { id: string }) => get(`/dashboard/campaigns/${c.id}`)),
    affiliates: [get('/dashboard/affiliates'), get('/dashboard/affiliates?page=50')],
    'affiliate detail': affiliates.map((a: { affiliate_id: string }) => get(`/dashboard/affiliates/${a.affiliate_id}`)),
    conversions: [get('/dashboard/conversions'), get('/dashboard/conversions?status=pending'), get('/dashboard/conversions?page=20')],
    payouts: [get('/dashboard/payouts')],
    coupons: [get('/dashboard/coupons')],
    teams: [get('/dashboard/teams')],
    'team detail': [get(`/dashboard/teams/${subjects.teamId}`)],
    webhooks: [get('/dashboard/webhooks')],
    'webhook detail and delivery log': [get(`/dashboard/webhooks/${subjects.webhookId}`), get(`/dashboard/webhooks/${subjects.webhookId}?page=50`)],
    integrations: [get('/dashboard/integrations')],
    'integration detail and events log': [get(`/dashboard/integrations/${subjects.integrationId}`), get(`/dashboard/integrations/${subjects.integrationId}?page=50`)],
    keys: [get('/dashboard/keys')],
    users: [get('/dashboard/users')],
    'audit log': [get('/dashboard/audit-log')],
  } satisfies Record<string, LoadRequest[]>;
};

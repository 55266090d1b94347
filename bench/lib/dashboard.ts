import type pg from 'pg';
import type { BenchMerchant } from './fixtures.js';
import type { LoadRequest } from './load.js';
import { ADMIN_TOKEN } from './service.js';

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((l) => l.split(';')[0]!);

/**
 * Signs a dashboard owner of the merchant in through the real pages (operator creates the user, the
 * emailed link sets a password) and answers the session cookie.
 */
export const dashboardSession = async (base: string, db: pg.Pool, m: BenchMerchant): Promise<string> => {
  const email = `bench-owner-${m.id.slice(0, 8)}@example.com`;
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

/** Every page of the dashboard (detail pages on the merchant's busiest rows), as the signed-in owner. */
export const dashboardRequests = async (db: pg.Pool, m: BenchMerchant, session: string) => {
  const get = (path: string): LoadRequest => ({ method: 'GET', path, headers: { cookie: session } });
  const { rows: affiliates } = await db.query(`select affiliate_id from affiliate_memberships where merchant_id = $1 order by joined_at desc limit 20`, [m.id]);
  const { rows: campaigns } = await db.query(`select id from campaigns where merchant_id = $1 limit 20`, [m.id]);
  return {
    'overview (30 days)': [get('/dashboard')],
    'overview (365 days)': [get('/dashboard?days=365')],
    campaigns: [get('/dashboard/campaigns')],
    'campaign detail': campaigns.map((c: { id: string }) => get(`/dashboard/campaigns/${c.id}`)),
    affiliates: [get('/dashboard/affiliates'), get('/dashboard/affiliates?page=50')],
    'affiliate detail': affiliates.map((a: { affiliate_id: string }) => get(`/dashboard/affiliates/${a.affiliate_id}`)),
    conversions: [get('/dashboard/conversions'), get('/dashboard/conversions?status=pending'), get('/dashboard/conversions?page=20')],
    payouts: [get('/dashboard/payouts')],
    coupons: [get('/dashboard/coupons')],
    teams: [get('/dashboard/teams')],
    webhooks: [get('/dashboard/webhooks')],
    keys: [get('/dashboard/keys')],
    users: [get('/dashboard/users')],
    'audit log': [get('/dashboard/audit-log')],
  } satisfies Record<string, LoadRequest[]>;
};

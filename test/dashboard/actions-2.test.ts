// Before the service starts: the statement recorder wraps pg's client (see sent-statements.ts).
import { statementsSentDuring } from '../support/sent-statements.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPageSql } from '../../adapters/persistence/repositories/sales/sql-integration-events.js';
import { makeChain } from '../support/app-store-signing.js';
import { cardEvent, cardIntegration, deliver, newId } from '../support/card-events.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payableAffiliate, payoutCampaign, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let other: TestMerchant;
let owner: DashboardBrowser;
let ownerId: string;
let member: DashboardBrowser;

beforeAll(async () => {
  const chain = await makeChain();
  t = await startTestService({ appStoreRootCertPaths: [chain.rootPath], appStoreOnlineChecks: false });
  // Live payouts without provider credentials are held for the manual path: what the batch file pays.
  merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
  other = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
  const signedIn = await signedInUser(t, merchant.id);
  owner = signedIn.browser;
  ownerId = signedIn.userId;
  member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const lastAudit = async (path: string) =>
  (await t.sql(`select actor, status, error_code from audit_log where merchant_id = $1 and path = $2 order by created_at desc, id desc limit 1`, [merchant.id, path]))[0];
const unescapeHtml = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('the payout batch file', () => {
  /** Affiliates paid by `method`, each with approved sales; the payout job queues their rows. */
  const dueRows = async (m: TestMerchant, method: 'wallet_a' | 'transfer_b', commissions: readonly (readonly number[])[]) => {
    const campaign = await payoutCampaign(t, m);
    const conversions: string[] = [];
    for (const amounts of commissions) {
      const affiliate = await payableAffiliate(t, m.id, campaign.id, method);
      for (const amount of amounts) conversions.push(await approvedSale(t, m.liveKey, campaign.id, affiliate.id, amount));
    }
    await runJobs(t);
    return conversions;
  };
  const fileOf = (html: string) => ({
    name: /download="([^"]+)"/.exec(html)?.[1],
    body: Buffer.from(/href="data:text\/csv;charset=utf-8;base64,([^"]+)"/.exec(html)?.[1] ?? '', 'base64').toString('utf8'),
  });
  const idsOf = (html: string) => /name="ids" value="([^"]+)"/.exec(html)?.[1]?.split(',') ?? [];
  const apiExport = (m: TestMerchant, query: string, key = m.liveKey) => t.request('GET', `/api/v1/payouts/export?${query}`, { key });
  const statusOf = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;

  it("shows the API's file line by line, downloads exactly it, and marks exactly its rows paid through POST /payouts/mark-paid's use case", async () => {
    const conversions = await dueRows(merchant, 'wallet_a', [[10.1, 0.2], [7]]);
    const theirs = await dueRows(other, 'wallet_a', [[3]]);
    const queue = await owner.get('/dashboard/payouts');
    expect(queue.html).toContain('action="/dashboard/payouts/export"');

    const prepared = await owner.get('/dashboard/payouts/export?method=wallet_a&currency=usd');
    expect(prepared.status).toBe(200);
    expect(prepared.html).toContain('2 affiliates, 3 payouts, 17.30 USD in all.');
    // The file embedded in the download link is the API's, byte for byte; the ids to mark are the rows it pays.
    const api = await apiExport(merchant, 'method=wallet_a&currency=usd');
    const file = fileOf(prepared.html);
    expect(file.name).toBe('payouts-paypal-usd.csv');
    expect(file.body).toBe(api.body);
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const ids = idsOf(prepared.html);
    expect(ids.sort()).toEqual(api.headers.get('x-payout-ids')!.split(',').sort());
    expect(prepared.html).toContain('Mark these 3 payouts paid');

    const marked = await owner.post('/dashboard/payouts/mark-paid', { ids: ids.join(','), payoutMethod: 'wallet_a' });
    expect(marked.status).toBe(200);
    expect(marked.html).toContain('3 payouts marked paid.');
    for (const id of conversions) expect(await statusOf(id)).toBe('paid');
    const completed = await t.sql(`select status, payout_method from payouts where id = any($1::uuid[])`, [ids]);
    expect(completed).toEqual(ids.map(() => ({ status: 'completed', payout_method: 'wallet_a' })));
    const events = await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 and type in ('conversion.paid', 'payout.completed') order by type`, [conversions[0]]);
    expect(events.map((e) => e.type)).toEqual(['conversion.paid', 'payout.completed']);
    expect(await lastAudit('/dashboard/payouts/mark-paid')).toMatchObject({ actor: `user:${ownerId}`, status: 200 });

    // Nothing is due any more; the other merchant's row was never in this file and is still due.
    expect((await owner.get('/dashboard/payouts/export?method=wallet_a&currency=usd')).html).toContain('Nothing is due to affiliates paid by wallet_a in USD.');
    expect(idsOf((await owner.get('/dashboard/payouts/export?method=wallet_a&currency=usd')).html)).toEqual([]);
    expect((await t.api('GET', `/conversions/${theirs[0]}`, other.liveKey)).body.data.status).toBe('approved');
  });

  it("uses Wise's template for transfer_b, and refuses what the API refuses beside its field", async () => {
    await dueRows(merchant, 'transfer_b', [[12]]);
    const prepared = await owner.get('/dashboard/payouts/export?method=transfer_b&currency=USD');
    const file = fileOf(prepared.html);
    expect(file.name).toBe('payouts-wise-usd.csv');
    expect(file.body).toBe((await apiExport(merchant, 'method=transfer_b&currency=usd')).body);
    expect(file.body.startsWith('name,recipientEmail,')).toBe(true);

    const connect = await owner.get('/dashboard/payouts/export?method=connect&currency=usd');
    expect(connect.status).toBe(400);
    expect((await apiExport(merchant, 'method=connect&currency=usd')).status).toBe(400);
    expect(connect.html).toMatch(/id="method-error"/);
    const currency = await owner.get('/dashboard/payouts/export?method=wallet_a&currency=dollars');
    expect(currency.status).toBe(400);
    expect(currency.html).toMatch(/id="currency-error"/);
    expect(currency.html).toContain('value="dollars"');
  });

  it("never marks another merchant's rows, refuses a member without Manage payouts the marking (not the file, as the API), and needs the CSRF token", async () => {
    const theirs = await dueRows(other, 'wallet_a', [[5]]);
    const theirIds = idsOf(unescapeHtml((await (await signedInUser(t, other.id)).browser.get('/dashboard/payouts/export?method=wallet_a&currency=usd')).html));
    expect(theirIds.length).toBeGreaterThan(0);
    await owner.get('/dashboard/payouts');
    const foreign = await owner.post('/dashboard/payouts/mark-paid', { ids: theirIds.join(','), payoutMethod: 'wallet_a' });
    expect(foreign.status).toBe(404);
    expect((await t.api('GET', `/conversions/${theirs[0]}`, other.liveKey)).body.data.status).toBe('approved');

    const mine = await dueRows(merchant, 'wallet_a', [[8]]);
    // A team-member key without Manage payouts reads the file through the API; so does such a member here, without the button.
    const teamKey = (await t.admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true, createdBy: 'team_member', managePayouts: false })).body.data.key as string;
    expect((await apiExport(merchant, 'method=wallet_a&currency=usd', teamKey)).status).toBe(200);
    expect((await member.get('/dashboard/payouts')).html).toContain('Batch file for PayPal or Wise');
    const seen = await member.get('/dashboard/payouts/export?method=wallet_a&currency=usd');
    expect(seen.status).toBe(200);
    expect(seen.html).not.toContain('name="ids"');
    expect(seen.html).toContain('needs the Manage payouts permission');
    const ids = idsOf((await owner.get('/dashboard/payouts/export?method=wallet_a&currency=usd')).html);
    const refused = await member.post('/dashboard/payouts/mark-paid', { ids: ids.join(','), payoutMethod: 'wallet_a' });
    expect(refused.status).toBe(403);
    expect((await t.api('POST', '/payouts/mark-paid', teamKey, { ids, payoutMethod: 'wallet_a' })).status).toBe(403);
    expect(await lastAudit('/dashboard/payouts/mark-paid')).toMatchObject({ status: 403, error_code: 'insufficient_permissions' });
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: ids.join(','), payoutMethod: 'wallet_a' }, { csrf: false })).status).toBe(403);
    expect(await statusOf(mine[0]!)).toBe('approved');

    // Below Ultimate the page is refused with the API's refusal.
    const pro = await createMerchant(t, 'professional');
    const proOwner = (await signedInUser(t, pro.id)).browser;
    const gated = await proOwner.get('/dashboard/payouts/export?method=wallet_a&currency=usd');
    expect(gated.status).toBe(403);
    const api = await apiExport(pro, 'method=wallet_a&currency=usd');
    expect(api.status).toBe(403);
    expect(gated.html).toContain(api.body.error.message);
    expect((await proOwner.get('/dashboard/payouts')).html).not.toContain('Batch file for PayPal or Wise');
  });
});

describe('changing an integration', () => {
  const integration = (id: string, key = merchant.liveKey) => t.api('GET', `/integrations/${id}`, key);

  it('renames it through PATCH /integrations/:id; an empty name removes it', async () => {
    const { id } = await cardIntegration(t, merchant.liveKey, 'Old name');
    const detail = await owner.get(`/dashboard/integrations/${id}`);
    expect(detail.html).toContain('value="Old name"');
    const renamed = await owner.post(`/dashboard/integrations/${id}/edit`, { name: 'Main card account' });
    expect(renamed.status).toBe(303);
    expect(decodeURIComponent(renamed.location!)).toBe(`/dashboard/integrations/${id}?notice=Name saved.`);
    expect((await integration(id)).body.data).toMatchObject({ name: 'Main card account', active: true });
    expect(await lastAudit(`/dashboard/integrations/${id}/edit`)).toMatchObject({ actor: `user:${ownerId}`, status: 303, error_code: null });
    expect((await owner.post(`/dashboard/integrations/${id}/edit`, { name: '' })).status).toBe(303);
    expect((await integration(id)).body.data.name).toBeNull();
    const long = await owner.post(`/dashboard/integrations/${id}/edit`, { name: 'x'.repeat(121) });
    expect(long.status).toBe(400);
    expect(long.html).toMatch(/id="name-error"/);
    expect((await integration(id)).body.data.name).toBeNull();
  });

  it('replaces the signing secret: the old one is refused from then on, and no page shows either', async () => {
    const { id, secret } = await cardIntegration(t, merchant.liveKey);
    const rotated = `whsec_${newId('rotated')}`;
    const ping = () => cardEvent('customer.created', { id: `cus_${newId('c')}`, object: 'customer', metadata: {} });
    expect((await deliver(t, id, ping(), secret)).status).toBe(200);

    // A secret the domain refuses: its rule beside the field, the typed text not shown back, nothing changed.
    const bad = await owner.post(`/dashboard/integrations/${id}/edit`, { signingSecret: 'has spaces inside' });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="signingSecret-error"[^>]*>must be 8 to 500 characters/);
    expect(bad.html).not.toContain('has spaces inside');
    expect((await owner.post(`/dashboard/integrations/${id}/edit`, { signingSecret: '' })).status).toBe(400);
    expect((await deliver(t, id, ping(), secret)).status).toBe(200);

    const replaced = await owner.post(`/dashboard/integrations/${id}/edit`, { signingSecret: rotated });
    expect(replaced.status).toBe(303);
    expect(decodeURIComponent(replaced.location!)).toContain('Signing secret replaced');
    expect((await deliver(t, id, ping(), secret)).status).toBe(400);
    expect((await deliver(t, id, ping(), rotated)).status).toBe(200);
    const page = await owner.get(replaced.location!);
    expect(page.html).not.toContain(rotated);
    expect(page.html).not.toContain(secret);
    expect(page.html).toMatch(/name="signingSecret" type="password" value=""/);
    expect(JSON.stringify((await integration(id)).body)).not.toContain(rotated);
  });

  it("changes an app_store integration's app; a live one keeps an Apple ID; a card one has no app", async () => {
    const created = await t.api('POST', '/integrations', merchant.liveKey, { provider: 'app_store', bundleId: 'com.example.first', appAppleId: 111, name: 'iOS' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const detail = await owner.get(`/dashboard/integrations/${id}`);
    expect(detail.html).toContain('value="com.example.first"');
    expect(detail.html).not.toContain('name="signingSecret"');

    const saved = await owner.post(`/dashboard/integrations/${id}/edit`, { bundleId: 'com.example.second', appAppleId: '222' });
    expect(saved.status).toBe(303);
    expect((await integration(id)).body.data).toMatchObject({ bundleId: 'com.example.second', appAppleId: 222 });

    const noAppleId = await owner.post(`/dashboard/integrations/${id}/edit`, { bundleId: 'com.example.third', appAppleId: '' });
    expect(noAppleId.status).toBe(400);
    expect(noAppleId.html).toMatch(/id="appAppleId-error"[^>]*>is required for a live integration/);
    expect(noAppleId.html).toContain('value="com.example.third"');
    expect((await owner.post(`/dashboard/integrations/${id}/edit`, { bundleId: 'com.example.second', appAppleId: 'abc' })).status).toBe(400);
    expect((await integration(id)).body.data).toMatchObject({ bundleId: 'com.example.second', appAppleId: 222 });

    const card = await cardIntegration(t, merchant.liveKey);
    const refused = await owner.post(`/dashboard/integrations/${card.id}/edit`, { bundleId: 'com.example.app' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('is only for provider app_store');
  });

  it("answers 404 for another merchant's integration, refuses a live one to a member without Manage payouts, and needs the CSRF token", async () => {
    const theirs = await cardIntegration(t, other.liveKey, 'Theirs');
    await owner.get('/dashboard/integrations');
    expect((await owner.post(`/dashboard/integrations/${theirs.id}/edit`, { name: 'Taken' })).status).toBe(404);
    expect((await owner.post(`/dashboard/integrations/${theirs.id}/edit`, { signingSecret: 'whsec_stolen_one' })).status).toBe(404);
    expect((await owner.post('/dashboard/integrations/not-an-id/edit', { name: 'Taken' })).status).toBe(404);
    expect((await integration(theirs.id, other.liveKey)).body.data.name).toBe('Theirs');
    expect((await deliver(t, theirs.id, cardEvent('customer.created', { id: 'cus_x', object: 'customer', metadata: {} }), theirs.secret)).status).toBe(200);

    const mine = await cardIntegration(t, merchant.liveKey, 'Mine');
    await member.get(`/dashboard/integrations/${mine.id}`);
    const refused = await member.post(`/dashboard/integrations/${mine.id}/edit`, { name: 'By a member' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Manage payouts');
    expect(await lastAudit(`/dashboard/integrations/${mine.id}/edit`)).toMatchObject({ status: 403, error_code: 'insufficient_permissions' });
    expect((await owner.post(`/dashboard/integrations/${mine.id}/edit`, { name: 'Forged' }, { csrf: false })).status).toBe(403);
    expect((await integration(mine.id)).body.data.name).toBe('Mine');
  });
});

describe("an integration's events log", () => {
  /** `count` deliveries, a second apart, the newest last, through SQL (what ingesting them would write). */
  const seed = async (integrationId: string, m: TestMerchant, count: number, prefix: string) =>
    t.sql(
      `insert into integration_events (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome)
       select gen_random_uuid(), $1, $2, 'live', $3 || '-' || lpad(g::text, 6, '0'), 'customer.created', timestamptz '2026-01-01' + g * interval '1 second', 'ignored'
       from generate_series(1, $4::int) g`,
      [integrationId, m.id, prefix, count],
    );
  const eventIds = (html: string, prefix: string) => [...html.matchAll(new RegExp(`${prefix}-(\\d{6})`, 'g'))].map((m) => Number(m[1]));
  const link = (html: string, rel: 'next' | 'prev') => new RegExp(`rel="${rel}" hx-get="([^"]+)"`).exec(unescapeHtml(html))?.[1];

  it('pages with previous and next, newest first, without a total', async () => {
    const { id } = await cardIntegration(t, merchant.liveKey, 'Paged');
    await seed(id, merchant, 45, 'paged');
    const first = await owner.get(`/dashboard/integrations/${id}?limit=20`);
    expect(first.status).toBe(200);
    expect(eventIds(first.html, 'paged')).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(first.html).not.toContain('in all');
    expect(first.html).toContain('Page 1');
    expect(link(first.html, 'prev')).toBeUndefined();
    const second = await owner.get(`${link(first.html, 'next')}&limit=20`);
    expect(eventIds(second.html, 'paged')).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(link(second.html, 'prev')).toBe(`/dashboard/integrations/${id}?page=1`);
    const third = await owner.get(`${link(second.html, 'next')}&limit=20`);
    expect(eventIds(third.html, 'paged')).toEqual([5, 4, 3, 2, 1]);
    expect(link(third.html, 'next')).toBeUndefined();
    // Exactly a page's worth: no next page is promised.
    expect(link((await owner.get(`/dashboard/integrations/${id}?limit=45`)).html, 'next')).toBeUndefined();
    // The API's list keeps its exact total.
    expect((await t.api('GET', `/integrations/${id}/events?limit=20`, merchant.liveKey)).body.pagination.total).toBe(45);
  });

  it('reads a page of 200,000 events along the log index, limit + 1 rows, never counting them', async () => {
    const { id } = await cardIntegration(t, merchant.liveKey, 'Busy');
    await seed(id, merchant, 200_000, 'busy');
    await t.sql('analyze integration_events');
    const sent = await statementsSentDuring(() => owner.get(`/dashboard/integrations/${id}?page=3&limit=20`));
    const logReads = sent.filter((s) => s.includes('integration_events'));
    expect(logReads).toHaveLength(1);
    expect(logReads[0]).not.toMatch(/count\(/i);

    const compiled = deliveryPageSql({ merchantId: merchant.id, mode: 'live' }, id, 21, 40).compile(t.service.orm.em.fork().getKysely());
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    try {
      const [row] = (await client.query(`explain (format json) ${compiled.sql}`, [...compiled.parameters])).rows;
      // The log is partitioned by month: each partition's copy of the index is named after its parent.
      const parentOf = new Map<string, string>(
        (await client.query(`select c.relname as name, p.relname as parent from pg_inherits i
          join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent`)).rows.map((r: { name: string; parent: string }) => [r.name, r.parent]),
      );
      const plan = JSON.stringify(row['QUERY PLAN']).replace(/"Index Name":"([^"]+)"/g, (_, name: string) => `"Index Name":"${parentOf.get(name) ?? name}"`);
      expect(plan).toContain('"Index Name":"integration_events_log_idx"');
      expect(plan).not.toContain('"Node Type":"Sort"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await client.end();
    }
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { DashboardBrowser, mailedLink, signedInUser } from '../support/dashboard-browser.js';

let t: TestService;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'scale');
}, 120_000);
afterAll(async () => t?.close());

describe('dashboard users and sign-in', () => {
  it('the operator creates a user, who sets a password through the emailed single-use link and is signed in', async () => {
    const email = `Owner-${Date.now()}@Shop.example`;
    const created = await t.admin('POST', `/merchants/${merchant.id}/users`, { email, role: 'owner' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: email.toLowerCase(), role: 'owner', managePayouts: true, passwordSet: false });
    expect((await t.admin('POST', `/merchants/${merchant.id}/users`, { email: email.toUpperCase(), role: 'member' })).status).toBe(409);
    expect((await t.admin('POST', `/merchants/${merchant.id}/users`, { email: 'not-an-email', role: 'member' })).status).toBe(400);

    const link = await mailedLink(t, email.toLowerCase(), 'password_set');
    const browser = new DashboardBrowser(t);
    expect((await browser.get('/dashboard')).status).toBe(303);
    expect((await browser.get(link.path)).status).toBe(200);
    const short = await browser.post('/dashboard/set-password', { token: link.token, password: 'short' });
    expect(short.status).toBe(400);
    const set = await browser.post('/dashboard/set-password', { token: link.token, password: 'a long enough password' });
    expect(set.status).toBe(303);
    const overview = await browser.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('This month by currency');
    // The link worked once.
    const again = await new DashboardBrowser(t).post('/dashboard/set-password', { token: link.token, password: 'another long password' }, { csrf: false });
    expect(again.status).toBe(403);
    const other = new DashboardBrowser(t);
    await other.get(link.path);
    expect((await other.post('/dashboard/set-password', { token: link.token, password: 'another long password' })).status).toBe(410);

    const [stored] = await t.sql(`select password_hash from merchant_users where email = $1`, [email.toLowerCase()]);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const fresh = new DashboardBrowser(t);
    await fresh.get('/dashboard/sign-in');
    expect((await fresh.post('/dashboard/sign-in', { email, password: 'wrong password!' })).status).toBe(401);
    const ok = await fresh.post('/dashboard/sign-in', { email, password: 'a long enough password' });
    expect(ok.status).toBe(303);
    expect((await fresh.get('/dashboard')).status).toBe(200);
  });

  it('resets a password by emailed link, which ends every other session', async () => {
    const { browser, email } = await signedInUser(t, merchant.id);
    const anon = new DashboardBrowser(t);
    await anon.get('/dashboard/forgot-password');
    const asked = await anon.post('/dashboard/forgot-password', { email });
    expect(asked.html).toContain('If that address has an account');
    const unknown = await anon.post('/dashboard/forgot-password', { email: 'nobody@nowhere.example' });
    expect(unknown.status).toBe(asked.status);
    const link = await mailedLink(t, email, 'password_reset');
    await anon.get(link.path);
    expect((await anon.post('/dashboard/reset-password', { token: link.token, password: 'a brand new password' })).status).toBe(303);
    expect((await anon.get('/dashboard')).status).toBe(200);
    expect((await browser.get('/dashboard')).status).toBe(303);
  });

  it('signs out, and signs out everywhere', async () => {
    const { browser, email, password } = await signedInUser(t, merchant.id);
    const second = new DashboardBrowser(t);
    await second.get('/dashboard/sign-in');
    await second.post('/dashboard/sign-in', { email, password });
    expect((await second.get('/dashboard')).status).toBe(200);
    await browser.get('/dashboard/account');
    expect((await browser.post('/dashboard/sign-out-everywhere')).status).toBe(303);
    expect((await browser.get('/dashboard')).status).toBe(303);
    expect((await second.get('/dashboard')).status).toBe(303);
  });

  it('audits dashboard writes with actor user:<id> and refused sign-ins as anonymous', async () => {
    const { userId } = await signedInUser(t, merchant.id);
    const rows = await t.sql(`select actor, path, status from audit_log where merchant_id = $1 and actor = $2`, [merchant.id, `user:${userId}`]);
    expect(rows.map((r) => r.path)).toContain('/dashboard/set-password');
    const failed = await t.sql(`select actor, status from audit_log where path = '/dashboard/sign-in' and status = 401`);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.actor === 'anonymous')).toBe(true);
  });
});

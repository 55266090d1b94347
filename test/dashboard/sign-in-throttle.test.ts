import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSubject } from '../../application/merchant-users/user-links.js';
import { DEFAULT_SIGN_IN_LIMITS } from '../../application/web-sessions/sign-in-throttle.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Someone who knows an owner's email and hammers the sign-in form from their own address locks out
 * that address, not the owner: the owner, at another address, still signs in (the account as a
 * whole is only slowed). No proxy is trusted, so a made-up `X-Forwarded-For` changes nothing.
 */
describe('dashboard sign-in under attack from another address', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ trustedProxies: [], signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, accountSlowAfterPerMinute: 3, accountSlowDelayMs: 1 } });
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  let claimed = 0;
  /** Each attempt claims to be forwarded for a new address (ignored: no proxy is trusted). */
  const attempt = (browser: DashboardBrowser, email: string, password: string) =>
    browser.post('/dashboard/sign-in', { email, password }, { headers: { 'x-forwarded-for': `198.51.100.${(claimed += 1) % 250}` } });

  it('refuses the attacking address while the owner at 127.0.0.1 signs in', async () => {
    const { email, password } = await signedInUser(t, m.id);
    const attacker = new DashboardBrowser(t, '127.0.0.2');
    await attacker.get('/dashboard/sign-in');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await attempt(attacker, email, `guess ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password waits at the attacker's address.
    const refused = await attempt(attacker, email, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = new DashboardBrowser(t, '127.0.0.1');
    await owner.get('/dashboard/sign-in');
    // A wrong password first (a typo), then the right one: the owner's own budget, untouched by the attack.
    expect((await attempt(owner, email, 'typo')).status).toBe(401);
    const signedIn = await attempt(owner, email, password);
    expect(signedIn.status).toBe(303);
    expect((await owner.get('/dashboard')).status).toBe(200);
  });

  it('refuses one address trying many accounts, whatever it claims to forward', async () => {
    const sprayer = new DashboardBrowser(t, '127.0.0.3');
    await sprayer.get('/dashboard/sign-in');
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.perAddressPerMinute + 1; i += 1) {
      statuses.push((await attempt(sprayer, `nobody${i}@shop.example`, 'guess')).status);
    }
    expect(statuses.slice(0, DEFAULT_SIGN_IN_LIMITS.perAddressPerMinute).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    const other = new DashboardBrowser(t, '127.0.0.4');
    await other.get('/dashboard/sign-in');
    expect((await attempt(other, 'nobody@shop.example', 'guess')).status).toBe(401);
  });

  it("bad one-time links from one address do not stop another's link", async () => {
    const { userId } = await signedInUser(t, m.id);
    const c = t.service.container;
    const scope = c.resolve(TOKENS.RequestScope);
    const token = await scope(() =>
      c.resolve(TOKENS.LinkTokens).issue({ subject: userSubject({ id: userId, merchantId: m.id }), purpose: 'merchant_sign_in', validForMs: 60_000 }),
    );
    const guesser = new DashboardBrowser(t, '127.0.0.5');
    await guesser.get('/dashboard/link?token=x');
    for (let i = 0; i < 8; i += 1) expect((await guesser.post('/dashboard/link', { token: `guess-${i}` })).status).toBe(401);
    const owner = new DashboardBrowser(t, '127.0.0.6');
    await owner.get(`/dashboard/link?token=${token}`);
    expect((await owner.post('/dashboard/link', { token })).status).toBe(303);
  });
});

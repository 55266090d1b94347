import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { csrfProtection, csrfTokenOf } from '../../adapters/http/web-session/csrf.js';
import type { WebEnv } from '../../adapters/http/web-session/web-env.js';
import { loadWebSession, requireWebSession, signInBrowser, signOutBrowser } from '../../adapters/http/web-session/web-session.middleware.js';
import type { ClockControl } from '../../application/ports/clock.js';
import type { LinkTokens } from '../../application/web-sessions/link-tokens.js';
import type { SignInThrottle } from '../../application/web-sessions/sign-in-throttle.js';
import type { SessionSubject } from '../../application/web-sessions/web-session.js';
import type { WebSessions } from '../../application/web-sessions/web-sessions.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const COOKIE = { name: 'probe_session', path: '/' };
const ORIGIN = 'http://localhost';

let t: TestService;
let scope: RequestScope;
let sessions: WebSessions;
let links: LinkTokens;
let throttle: SignInThrottle;
let clock: ClockControl;
let subject: SessionSubject;
let app: Hono<WebEnv>;

/** A cookie jar of one: the `name=value` pairs the last responses set (deleted cookies dropped). */
const cookiesFrom = (jar: Map<string, string>, response: Response) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    if (!value || /max-age=0/i.test(line)) jar.delete(name!);
    else jar.set(name!, value);
  }
};
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  t = await startTestService();
  const c = t.service.container;
  scope = c.resolve(TOKENS.RequestScope);
  sessions = c.resolve(TOKENS.WebSessions);
  links = c.resolve(TOKENS.LinkTokens);
  throttle = c.resolve(TOKENS.SignInThrottle);
  clock = c.resolve(TOKENS.Clock);
  const merchant = await createMerchant(t);
  subject = { kind: 'merchant_user', id: '0197a000-0000-7000-8000-000000000001', merchantId: merchant.id };

  // A minimal surface built from the shared pieces, as the dashboard and the portal build theirs.
  app = new Hono<WebEnv>();
  app.use('*', (_c, next) => scope(next));
  app.use('*', loadWebSession(sessions, COOKIE, 'merchant_user'), csrfProtection(COOKIE));
  app.get('/form', (c) => c.text(csrfTokenOf(c, COOKIE)));
  app.post('/sign-in', async (c) => {
    await signInBrowser(c, sessions, COOKIE, subject);
    return c.text('in');
  });
  app.post('/sign-out', async (c) => {
    await signOutBrowser(c, sessions, COOKIE);
    return c.text('out');
  });
  app.get('/private', requireWebSession('/sign-in'), (c) => c.text(`hello ${c.get('webSession')!.subject.id}`));
  app.post('/private', requireWebSession('/sign-in'), (c) => c.text('changed'));
}, 120_000);
afterAll(async () => t?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, jar: Map<string, string>, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar), ...headers }, body: form(fields) });

/** Signs a fresh browser in through the pre-sign-in token; answers its jar and its session's token. */
const signedInBrowser = async () => {
  const jar = new Map<string, string>();
  const formPage = await app.request('/form');
  cookiesFrom(jar, formPage);
  const signIn = await post('/sign-in', jar, { _csrf: await formPage.text() });
  expect(signIn.status).toBe(200);
  cookiesFrom(jar, signIn);
  const token = await (await app.request('/form', { headers: { cookie: cookieHeader(jar) } })).text();
  return { jar, token };
};

describe('web sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie, Secure only behind HTTPS, and only its hash is stored', async () => {
    const jar = new Map<string, string>();
    const formPage = await app.request('/form');
    cookiesFrom(jar, formPage);
    const formToken = await formPage.text();
    const plain = await post('/sign-in', jar, { _csrf: formToken });
    const line = plain.headers.getSetCookie().find((l) => l.startsWith('probe_session='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/);
    const secret = line.split(';')[0]!.split('=')[1]!;
    expect(await t.sql(`select 1 from web_sessions where id_hash = $1`, [secret])).toEqual([]);
    expect(await t.sql(`select subject_id from web_sessions where subject_id = $1`, [subject.id])).not.toEqual([]);

    const proxied = await post('/sign-in', jar, { _csrf: formToken }, { origin: 'https://localhost', 'x-forwarded-proto': 'https' });
    expect(proxied.headers.getSetCookie().find((l) => l.startsWith('probe_session='))).toMatch(/Secure/);
  });

  it('gives a new session id at sign-in and never promotes the one the browser presented (no fixation)', async () => {
    const { jar } = await signedInBrowser();
    const before = jar.get('probe_session')!;
    const again = await post('/sign-in', jar, { _csrf: (await (await app.request('/form', { headers: { cookie: cookieHeader(jar) } })).text()) });
    cookiesFrom(jar, again);
    expect(jar.get('probe_session')).not.toBe(before);
    // The planted (earlier) id no longer signs anyone in.
    const planted = await app.request('/private', { headers: { cookie: `probe_session=${before}` } });
    expect(planted.status).toBe(303);
    const fresh = await app.request('/private', { headers: { cookie: cookieHeader(jar) } });
    expect(await fresh.text()).toBe(`hello ${subject.id}`);
  });

  it('refuses a state-changing request without the token, with a wrong one, or from another origin', async () => {
    const { jar, token } = await signedInBrowser();
    expect((await post('/private', jar, {})).status).toBe(403);
    expect((await post('/private', jar, { _csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await post('/private', jar, { _csrf: token }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/private', jar, { _csrf: token }, {})).status).toBe(403);
    const ok = await post('/private', jar, { _csrf: token });
    expect(ok.status).toBe(200);
    // The header works too (htmx sends it).
    const viaHeader = await app.request('/private', { method: 'POST', headers: { cookie: cookieHeader(jar), origin: ORIGIN, 'x-csrf-token': token } });
    expect(viaHeader.status).toBe(200);
    // Sign-in itself cannot be forged: no pre-sign-in token, no session.
    expect((await post('/sign-in', new Map(), {})).status).toBe(403);
  });

  it('signs out one browser, and everywhere', async () => {
    const a = await signedInBrowser();
    const b = await signedInBrowser();
    cookiesFrom(a.jar, await post('/sign-out', a.jar, { _csrf: a.token }));
    expect((await app.request('/private', { headers: { cookie: `probe_session=${a.jar.get('probe_session') ?? 'gone'}` } })).status).toBe(303);
    expect((await app.request('/private', { headers: { cookie: cookieHeader(b.jar) } })).status).toBe(200);
    const ended = await scope(() => sessions.endEverywhere(subject));
    expect(ended).toBeGreaterThanOrEqual(1);
    expect((await app.request('/private', { headers: { cookie: cookieHeader(b.jar) } })).status).toBe(303);
  });

  it('expires sessions with the service clock', async () => {
    const { jar } = await signedInBrowser();
    await clock.set(new Date(clock.now().getTime() + 8 * 24 * 60 * 60 * 1000));
    expect((await app.request('/private', { headers: { cookie: cookieHeader(jar) } })).status).toBe(303);
  });
});

describe('single-use link tokens', () => {
  it('work once, for their purpose only, until they expire, and a newer link voids the older', async () => {
    const issue = (validForMs = 60_000) => scope(() => links.issue({ subject, purpose: 'set_password', validForMs, payload: { note: 'x' } }));
    const token = await issue();
    expect(await t.sql(`select 1 from link_tokens where token_hash = $1`, [token])).toEqual([]);
    expect(await scope(() => links.consume(token, 'reset_password'))).toBeNull();
    const grant = await scope(() => links.consume(token, 'set_password'));
    expect(grant).toEqual({ purpose: 'set_password', subject, payload: { note: 'x' } });
    expect(await scope(() => links.consume(token, 'set_password'))).toBeNull();

    const older = await issue();
    const newer = await issue();
    expect(await scope(() => links.consume(older, 'set_password'))).toBeNull();
    const expiring = await issue(1_000);
    await clock.set(new Date(clock.now().getTime() + 2_000));
    expect(await scope(() => links.consume(expiring, 'set_password'))).toBeNull();
    expect(newer).not.toBe(older);
  });

  it('is consumed by exactly one of two concurrent uses', async () => {
    const token = await scope(() => links.issue({ subject, purpose: 'reset_password', validForMs: 60_000 }));
    const results = await Promise.all([scope(() => links.consume(token, 'reset_password')), scope(() => links.consume(token, 'reset_password'))]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('the sign-in throttle', () => {
  it('refuses a sixth attempt on one account within a minute, from any address, and many accounts from one address', async () => {
    const verdicts = [];
    for (let i = 0; i < 6; i += 1) verdicts.push(await throttle.attempt('probe', `10.0.0.${i}`, 'Victim@Example.com'));
    expect(verdicts.slice(0, 5).every((v) => v.allowed)).toBe(true);
    expect(verdicts[5]).toMatchObject({ allowed: false });
    expect((await throttle.attempt('other-surface', '10.0.0.9', 'victim@example.com')).allowed).toBe(true);

    const fromOneAddress = [];
    for (let i = 0; i < 21; i += 1) fromOneAddress.push(await throttle.attempt('probe', '10.9.9.9', `user${i}@example.com`));
    expect(fromOneAddress.slice(0, 20).every((v) => v.allowed)).toBe(true);
    expect(fromOneAddress[20]).toMatchObject({ allowed: false });
  });

  it('password attempts: refused per address and per account and address; the account as a whole is only slowed', async () => {
    const account = 'Owner@Example.com';
    // One attacking address: five attempts on the account, then refused.
    const attacker = [];
    for (let i = 0; i < 7; i += 1) attacker.push(await throttle.passwordAttempt('probe-password', '10.7.0.1', account));
    expect(attacker.slice(0, 5).every((v) => v.allowed)).toBe(true);
    expect(attacker.slice(5)).toEqual([expect.objectContaining({ allowed: false }), expect.objectContaining({ allowed: false })]);
    // Many addresses together: every attempt admitted, those past the account's count slowed.
    const spread = [];
    for (let i = 0; i < 7; i += 1) spread.push(await throttle.passwordAttempt('probe-password', `10.7.1.${i}`, account));
    expect(spread.every((v) => v.allowed)).toBe(true);
    expect(spread.map((v) => (v.allowed ? v.delayMs : -1))).toEqual([0, 0, 0, 0, 0, 1_000, 1_000]);
    // The owner's own address still gets in (slowed while the account is hammered).
    expect(await throttle.passwordAttempt('probe-password', '10.7.9.9', 'owner@example.com')).toEqual({ allowed: true, delayMs: 1_000 });
  });
});

/** @jsxImportSource hono/jsx */
import { setTimeout as pause } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import type { SignInMerchantUser } from '../../../application/merchant-users/sign-in-merchant-user.js';
import type { UserPasswords } from '../../../application/merchant-users/user-passwords.js';
import { MIN_PASSWORD_LENGTH } from '../../../application/merchant-users/merchant-user.js';
import { userSubject } from '../../../application/merchant-users/user-links.js';
import type { SignInThrottle } from '../../../application/web-sessions/sign-in-throttle.js';
import type { WebSessions } from '../../../application/web-sessions/web-sessions.js';
import { clientAddress } from '../../http/middleware/client-address.js';
import { csrfTokenOf } from '../../http/web-session/csrf.js';
import { redirectTo, signInBrowser, signOutBrowser } from '../../http/web-session/web-session.middleware.js';
import { DASHBOARD, DASHBOARD_COOKIE, type DashboardEnv } from '../dashboard-env.js';
import { ErrorBox, Notice, type Problem } from '../views/components.js';
import { CsrfField, PlainLayout } from '../views/layout.js';

export interface AccountDependencies {
  readonly sessions: WebSessions;
  readonly signIn: SignInMerchantUser;
  readonly passwords: UserPasswords;
  readonly throttle: SignInThrottle;
}

type C = Context<DashboardEnv>;
const plain = (c: C, title: string, body: unknown, status: 200 | 400 | 401 | 403 | 410 | 429 = 200) => {
  c.header('Cache-Control', 'no-store');
  return c.html(<PlainLayout title={title}>{body as never}</PlainLayout>, status);
};

/** Only a path inside the dashboard: an open redirect would let a link send a fresh session elsewhere. */
const safeNext = (next: string | undefined) => (next && next.startsWith(`${DASHBOARD}`) && !next.startsWith('//') ? next : DASHBOARD);

const SignInForm = ({ c, problem, email, next }: { c: C; problem?: Problem | null; email?: string; next?: string }) => (
  <>
    <ErrorBox problem={problem} />
    <Notice text={c.req.query('notice')} />
    <form method="post" action="/dashboard/sign-in" class="stack">
      <CsrfField token={csrfTokenOf(c, DASHBOARD_COOKIE)} />
      <input type="hidden" name="next" value={next ?? c.req.query('next') ?? ''} />
      <label>
        Email
        <input type="email" name="email" autocomplete="username" required value={email ?? ''} />
      </label>
      <label>
        Password
        <input type="password" name="password" autocomplete="current-password" required />
      </label>
      <button type="submit">Sign in</button>
    </form>
    <p>
      <a href="/dashboard/forgot-password">Forgot your password?</a>
    </p>
  </>
);

const PasswordForm = ({ c, action, token, problem }: { c: C; action: string; token: string; problem?: Problem | null }) => (
  <>
    <ErrorBox problem={problem} />
    <form method="post" action={action} class="stack">
      <CsrfField token={csrfTokenOf(c, DASHBOARD_COOKIE)} />
      <input type="hidden" name="token" value={token} />
      <label>
        New password
        <input type="password" name="password" autocomplete="new-password" minlength={MIN_PASSWORD_LENGTH} required aria-describedby="password-hint" />
      </label>
      <span id="password-hint" class="muted">
        At least {MIN_PASSWORD_LENGTH} characters.
      </span>
      <button type="submit">Save password and sign in</button>
    </form>
  </>
);

const field = async (c: C, name: string) => {
  const value = (await c.req.parseBody())[name];
  return typeof value === 'string' ? value : '';
};

/** Sign-in, emailed links (set and reset a password, the one-time sign-in link), sign-out and sign-out everywhere. */
export const accountRoutes = (deps: AccountDependencies) => {
  const app = new Hono<DashboardEnv>();
  app.get('/sign-in', (c) => (c.get('webSession') ? redirectTo(c, DASHBOARD) : plain(c, 'Sign in', <SignInForm c={c} />)));

  app.post('/sign-in', async (c) => {
    const email = await field(c, 'email');
    const password = await field(c, 'password');
    const next = await field(c, 'next');
    const verdict = await deps.throttle.passwordAttempt('dashboard', clientAddress(c), email);
    // An account tried too often from everywhere is slowed, not closed: its owner still gets in.
    if (verdict.allowed && verdict.delayMs > 0) await pause(verdict.delayMs);
    if (!verdict.allowed) {
      c.set('errorCode', 'rate_limit_exceeded');
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return plain(c, 'Sign in', <SignInForm c={c} email={email} next={next} problem={{ message: `Too many sign-in attempts. Try again in ${verdict.retryAfterSeconds} seconds.` }} />, 429);
    }
    const result = await deps.signIn.withPassword(email, password);
    if (result.isErr()) {
      c.set('errorCode', 'unauthorized');
      return plain(c, 'Sign in', <SignInForm c={c} email={email} next={next} problem={{ message: result.error.message }} />, 401);
    }
    await signInBrowser(c, deps.sessions, DASHBOARD_COOKIE, userSubject(result.value));
    return redirectTo(c, safeNext(next));
  });

  // An emailed link is opened with GET (mail scanners open links too), and used only by the button's POST.
  app.get('/link', (c) =>
    plain(
      c,
      'Sign in with your link',
      <form method="post" action="/dashboard/link" class="stack">
        <CsrfField token={csrfTokenOf(c, DASHBOARD_COOKIE)} />
        <input type="hidden" name="token" value={c.req.query('token') ?? ''} />
        <p>This link signs you in once.</p>
        <button type="submit">Sign in</button>
      </form>,
    ),
  );
  app.post('/link', async (c) => {
    // The token is the secret: limited per address; every link sign-in together is only slowed, so
    // nobody can stop others from using their links.
    const verdict = await deps.throttle.passwordAttempt('dashboard-link', clientAddress(c), 'link');
    if (verdict.allowed && verdict.delayMs > 0) await pause(verdict.delayMs);
    const result = verdict.allowed ? await deps.signIn.withLink(await field(c, 'token')) : null;
    if (!result || result.isErr()) {
      c.set('errorCode', 'unauthorized');
      return plain(c, 'Sign in', <SignInForm c={c} problem={{ message: result ? result.error.message : 'Too many attempts; try again in a minute.' }} />, 401);
    }
    await signInBrowser(c, deps.sessions, DASHBOARD_COOKIE, userSubject(result.value));
    return redirectTo(c, `${DASHBOARD}/account?notice=${encodeURIComponent('Signed in. Set a password below to sign in without a link next time.')}`);
  });

  for (const [path, purpose, title] of [
    ['/set-password', 'set_password', 'Set your password'],
    ['/reset-password', 'reset_password', 'Choose a new password'],
  ] as const) {
    app.get(path, (c) => plain(c, title, <PasswordForm c={c} action={`/dashboard${path}`} token={c.req.query('token') ?? ''} />));
    app.post(path, async (c) => {
      const token = await field(c, 'token');
      const result = await deps.passwords.setWithLink(token, purpose, await field(c, 'password'));
      if (result.isErr()) {
        c.set('errorCode', result.error.code);
        return plain(c, title, <PasswordForm c={c} action={`/dashboard${path}`} token={token} problem={result.error} />, result.error.code === 'validation_error' ? 400 : 410);
      }
      await signInBrowser(c, deps.sessions, DASHBOARD_COOKIE, userSubject(result.value));
      return redirectTo(c, `${DASHBOARD}?notice=${encodeURIComponent('Password saved.')}`);
    });
  }

  const ForgotForm = ({ c, notice }: { c: C; notice?: string }) => (
    <>
      <Notice text={notice} />
      <form method="post" action="/dashboard/forgot-password" class="stack">
        <CsrfField token={csrfTokenOf(c, DASHBOARD_COOKIE)} />
        <label>
          Email
          <input type="email" name="email" autocomplete="username" required />
        </label>
        <button type="submit">Email me a reset link</button>
      </form>
      <p>
        <a href="/dashboard/sign-in">Back to sign-in</a>
      </p>
    </>
  );
  app.get('/forgot-password', (c) => plain(c, 'Reset your password', <ForgotForm c={c} />));
  app.post('/forgot-password', async (c) => {
    const email = await field(c, 'email');
    const verdict = await deps.throttle.attempt('dashboard-reset', clientAddress(c), email);
    if (verdict.allowed) await deps.passwords.requestReset(email);
    // The same answer whether or not the address has an account.
    return plain(c, 'Reset your password', <ForgotForm c={c} notice="If that address has an account, a reset link is on its way. It works once, for one hour." />);
  });

  app.post('/sign-out', async (c) => {
    await signOutBrowser(c, deps.sessions, DASHBOARD_COOKIE);
    return redirectTo(c, `${DASHBOARD}/sign-in?notice=${encodeURIComponent('Signed out.')}`);
  });
  app.post('/sign-out-everywhere', async (c) => {
    const session = c.get('webSession');
    if (session) await deps.sessions.endEverywhere(session.subject);
    await signOutBrowser(c, deps.sessions, DASHBOARD_COOKIE);
    return redirectTo(c, `${DASHBOARD}/sign-in?notice=${encodeURIComponent('Signed out on every device.')}`);
  });
  return app;
};

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { WebSessions } from '../../../application/web-sessions/web-sessions.js';
import { redirectTo } from '../../http/web-session/web-session.middleware.js';
import { DASHBOARD, type DashboardEnv } from '../dashboard-env.js';
import { afterModeSwitch } from '../mode-switch.js';
import { formOf, noticeOf, page } from '../page-kit.js';
import { Notice } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AskFirst } from '../ask-first.js';

/** The live/test switch (remembered on the session) and the signed-in user's account page. */
export const settingsRoutes = (sessions: WebSessions) =>
  new Hono<DashboardEnv>()
    .post('/mode', async (c) => {
      const mode = (await formOf(c)).mode === 'test' ? 'test' : 'live';
      await sessions.setMode(c.get('webSession')!, mode);
      const back = c.req.header('referer');
      const path = back ? new URL(back, 'http://x').pathname : DASHBOARD;
      return redirectTo(c, path.startsWith(DASHBOARD) ? afterModeSwitch(path, mode) : DASHBOARD);
    })
    .get('/account', (c) => {
      const user = c.get('user');
      const csrf = c.get('webSession')!.csrfToken;
      return page(
        c,
        'Account',
        '/dashboard/account',
        <>
          <Notice text={noticeOf(c)} />
          <p>
            Signed in as <strong>{user.email}</strong>, {user.role}
            {user.role === 'member' ? (user.managePayouts ? ', with Manage payouts' : ', without Manage payouts') : ''}.
          </p>
          <h2>Password</h2>
          <p>
            {user.passwordHash ? 'To change your password, ' : 'You have no password yet. To set one, '}
            <a href="/dashboard/forgot-password">ask for an emailed link</a>.
          </p>
          <h2>Sign out</h2>
          <div class="actions">
            <form method="post" action="/dashboard/sign-out">
              <CsrfField token={csrf} />
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
            <form method="post" action="/dashboard/sign-out-everywhere">
              <CsrfField token={csrf} />
              <AskFirst question="Sign out everywhere? Every session of yours ends, this one included." yes="Yes, sign out everywhere" />
              <button type="submit" class="danger">
                Sign out everywhere
              </button>
            </form>
          </div>
        </>,
      );
    });

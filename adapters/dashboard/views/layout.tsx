/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { Mode, Plan } from '../../../domain/index.js';
import { assetUrl } from '../assets.js';
import { CSRF_FIELD } from '../../http/web-session/csrf.js';
import type { MerchantUserRole } from '../../../application/merchant-users/merchant-user.js';
import { NavGroups, navFor } from './nav.js';

export interface Chrome {
  readonly businessName: string;
  readonly email: string;
  readonly plan: Plan;
  readonly mode: Mode;
  /** `PAYOUT_LIVE_SANDBOX=1` on this service. */
  readonly payoutLiveSandbox: boolean;
  readonly csrf: string;
  /** The nav entry of this page. */
  readonly current: string;
  /** Unread notices in the mode shown. */
  readonly unread: number;
  /** The signed-in user's role: a member sees no link to an owner's page. */
  readonly role: MerchantUserRole;
  /** Items waiting on the Review page. */
  readonly reviews: number;
}

export const CsrfField = ({ token }: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={token} />;

const Head = ({ title }: { title: string }) => (
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title} · Affiliate dashboard</title>
    {/* htmx would add its indicator styles as a <style> element, which the Content-Security-Policy refuses. */}
    <meta name="htmx-config" content='{"includeIndicatorStyles":false}' />
    <link rel="icon" type="image/svg+xml" href={assetUrl('favicon.svg')} />
    <link rel="stylesheet" href={assetUrl('tokens.css')} />
    <link rel="stylesheet" href={assetUrl('dashboard.css')} />
    <link rel="stylesheet" href={assetUrl('uplot.min.css')} />
    <script src={assetUrl('htmx.min.js')} defer></script>
    <script src={assetUrl('uplot.min.js')} defer></script>
    <script src={assetUrl('dashboard.js')} defer></script>
  </head>
);

/** The page's own part, the skip link's target: its title, then its content. */
const Content = ({ title, children }: { title: string; children?: Child }) => (
  <main id="content">
    <h1>{title}</h1>
    {children}
  </main>
);

/** Every signed-in page: skip link, header with the live/test switch, the test banner, the nav, the content. */
export const Layout = ({ title, chrome, children }: { title: string; chrome: Chrome; children?: Child }) => {
  const groups = navFor(chrome.plan, chrome.role);
  return (
    <html lang="en">
      <Head title={title} />
      <body hx-headers={JSON.stringify({ 'X-CSRF-Token': chrome.csrf })}>
        <a class="skip" href="#content">
          Skip to content
        </a>
        <header class="top">
          <span class="brand">{chrome.businessName}</span>
          <span class="muted">
            {chrome.email} · plan {chrome.plan}
          </span>
          <form method="get" action="/dashboard/search" role="search" aria-label="Search the dashboard" class="inline header-search">
            <label for="header-search" class="sr-only">
              Search affiliates, campaigns, coupons, conversions and customers
            </label>
            <input type="search" id="header-search" name="q" placeholder="Search names, emails, codes, orders" minlength={2} maxlength={200} />
            <button type="submit" class="secondary">
              Search
            </button>
          </form>
          <a href="/dashboard/notifications" class="notices-link" aria-current={chrome.current === '/dashboard/notifications' ? 'page' : undefined}>
            Notifications
            {chrome.unread > 0 ? (
              <span class="badge">
                {chrome.unread}
                <span class="sr-only"> unread</span>
              </span>
            ) : null}
          </a>
          <form method="post" action="/dashboard/mode" class="inline">
            <CsrfField token={chrome.csrf} />
            <input type="hidden" name="mode" value={chrome.mode === 'live' ? 'test' : 'live'} />
            <button type="submit" class="secondary">
              {chrome.mode === 'live' ? 'Show test data' : 'Back to live data'}
            </button>
          </form>
        </header>
        {chrome.mode === 'test' ? (
          <div class="banner-test" role="status">
            Test mode: you are looking at test data. Nothing here is real money, and no webhooks or emails go out.
          </div>
        ) : null}
        {chrome.payoutLiveSandbox ? (
          <div class="banner-test" role="alert">
            PAYOUT_LIVE_SANDBOX is on: live payouts of methods without credentials go to the sandbox and are marked paid though no money moves. For development
            only; unset it before real affiliates are paid.
          </div>
        ) : null}
        {/* Narrow screens: the same links behind a menu that opens without JavaScript. */}
        <details class="menu">
          <summary>
            Menu
            {/* Closed, the menu hides the Review entry's count: the summary says that something waits. */}
            {chrome.reviews > 0 ? (
              <>
                {' '}
                <span class="badge">
                  {chrome.reviews}
                  <span class="sr-only"> waiting for review</span>
                </span>
              </>
            ) : null}
          </summary>
          <nav aria-label="Main" class="menu-nav">
            <NavGroups groups={groups} current={chrome.current} id="menu" counts={{ reviews: chrome.reviews }} />
          </nav>
        </details>
        <div class="shell">
          <nav class="main" aria-label="Main">
            <NavGroups groups={groups} current={chrome.current} id="side" counts={{ reviews: chrome.reviews }} />
          </nav>
          <Content title={title}>{children}</Content>
        </div>
      </body>
    </html>
  );
};

/** Pages before sign-in. */
export const PlainLayout = ({ title, children }: { title: string; children?: Child }) => (
  <html lang="en">
    <Head title={title} />
    <body class="plain-page">
      <Content title={title}>{children}</Content>
    </body>
  </html>
);

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { MerchantNotifications } from '../../../application/notifications/merchant-notifications.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { noticeOf, page, pageParams } from '../page-kit.js';
import { Notice, Pager, shortDate } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

/** What each kind of notice is called on the page; a kind without a title shows its name in words. */
const TITLES: Readonly<Record<string, string>> = {
  new_application: 'New application',
  first_sale: 'First sale',
  flagged_sale: 'Flagged sale',
  payouts_due: 'Payouts due',
  webhook_paused: 'Webhook paused',
  invitation_expired: 'Invitation expired',
  payout_failed: 'Payout failed',
  integration_signatures_rejected: 'Provider signatures rejected',
  custom_domain_failed: 'Portal domain not verified',
};

/** Where a notice's decision is made, linked under its text. */
const ACTIONS: Readonly<Record<string, { href: string; label: string }>> = {
  flagged_sale: { href: '/dashboard/review', label: 'Open the Review page' },
};

const titleOf = (kind: string) => TITLES[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase());

/** Every notice of the mode shown, newest first, each marked read on its own or all at once. */
export const notificationRoutes = (notifications: MerchantNotifications) =>
  new Hono<DashboardEnv>().get('/notifications', async (c) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const found = await notifications.list(tenant, { page: pageNo, limit });
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      'Notifications',
      '/dashboard/notifications',
      <>
        <Notice text={noticeOf(c)} />
        <p class="muted">
          What happened in your program and what to do about it. Choose which also come by email in <a href="/dashboard/settings">Settings</a>.
        </p>
        {found.unreadCount > 0 ? (
          <form method="post" action="/dashboard/notifications/read">
            <CsrfField token={csrf} />
            <input type="hidden" name="back" value="/dashboard/notifications" />
            <button type="submit" class="secondary">
              Mark all read ({found.unreadCount})
            </button>
          </form>
        ) : null}
        <div id="list">
          {found.items.length === 0 ? (
            <p>No notices yet. New applications, first sales and anything that needs fixing appear here.</p>
          ) : (
            <ul class="notice-list">
              {found.items.map((n) => (
                <li>
                  <div class="body">
                    <strong>
                      {n.readAt === null ? <span class="badge">New</span> : null} {titleOf(n.kind)}
                    </strong>
                    <p>{n.message}</p>
                    {ACTIONS[n.kind] ? <a href={ACTIONS[n.kind]?.href}>{ACTIONS[n.kind]?.label}</a> : null}
                    <span class="muted">{shortDate(n.createdAt.toISOString())} UTC</span>
                  </div>
                  {n.readAt === null ? (
                    <form method="post" action="/dashboard/notifications/read">
                      <CsrfField token={csrf} />
                      <input type="hidden" name="id" value={n.id} />
                      <input type="hidden" name="back" value="/dashboard/notifications" />
                      <button type="submit" class="secondary">
                        Mark read
                      </button>
                    </form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <Pager base="/dashboard/notifications" params={{}} page={found.page} limit={found.limit} total={found.total} />
        </div>
      </>,
    );
  });

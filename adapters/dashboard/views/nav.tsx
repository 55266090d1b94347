/** @jsxImportSource hono/jsx */
import type { Plan } from '../../../domain/index.js';
import type { MerchantUserRole } from '../../../application/merchant-users/merchant-user.js';

interface NavEntry {
  readonly href: string;
  readonly label: string;
  /** Shown on the Scale plan only (the page answers the plan's refusal otherwise). */
  readonly scaleOnly?: boolean;
  /** Shown to owners only: the page answers a member 403. */
  readonly ownerOnly?: boolean;
  /** A file, not a page: the browser downloads it. */
  readonly download?: boolean;
  /** Shows the count of items waiting there. */
  readonly counted?: 'reviews';
}

interface NavGroup {
  readonly label: string;
  readonly entries: readonly NavEntry[];
}

/** The dashboard's pages, grouped as a merchant thinks of them: running the program, the money, the wiring, the account. */
const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Program',
    entries: [
      { href: '/dashboard', label: 'Overview' },
      { href: '/dashboard/campaigns', label: 'Campaigns' },
      { href: '/dashboard/affiliates', label: 'Affiliates' },
      { href: '/dashboard/affiliates/invitations', label: 'Invitations' },
      { href: '/dashboard/review', label: 'Review', counted: 'reviews' },
    ],
  },
  {
    label: 'Money',
    entries: [
      { href: '/dashboard/conversions', label: 'Conversions' },
      { href: '/dashboard/payouts', label: 'Payouts' },
      { href: '/dashboard/payout-settings', label: 'Payout settings' },
      { href: '/dashboard/invoices', label: 'Invoices' },
      { href: '/dashboard/tax-year', label: 'Tax year' },
      { href: '/dashboard/teams', label: 'Teams', scaleOnly: true },
      { href: '/dashboard/coupons', label: 'Coupons' },
    ],
  },
  {
    label: 'Integrations',
    entries: [
      { href: '/dashboard/integrations', label: 'Integrations' },
      { href: '/dashboard/webhooks', label: 'Webhooks' },
      { href: '/dashboard/keys', label: 'API keys' },
      { href: '/dashboard/connectors', label: 'Connectors' },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { href: '/dashboard/settings', label: 'Settings', ownerOnly: true },
      { href: '/dashboard/users', label: 'Users' },
      { href: '/dashboard/notifications', label: 'Notifications' },
      { href: '/dashboard/audit-log', label: 'Audit log' },
      { href: '/dashboard/account', label: 'Account' },
      { href: '/dashboard/export', label: 'Export everything (zip)', download: true },
    ],
  },
];

/** The groups as this user sees them: no link that would answer them a refusal. */
export const navFor = (plan: Plan, role: MerchantUserRole): NavGroup[] =>
  NAV_GROUPS.map((g) => ({ ...g, entries: g.entries.filter((e) => (!e.scaleOnly || plan === 'scale') && (!e.ownerOnly || role === 'owner')) })).filter((g) => g.entries.length > 0);

/** The grouped links; `id` prefixes the group headings' ids, as the list is shown twice (sidebar, narrow menu). */
export const NavGroups = ({ groups, current, id, counts }: { groups: readonly NavGroup[]; current: string; id: string; counts: { readonly reviews: number } }) => (
  <>
    {groups.map((g) => (
      <div class="nav-group">
        <span class="nav-heading" id={`${id}-${g.label.toLowerCase()}`}>
          {g.label}
        </span>
        <ul aria-labelledby={`${id}-${g.label.toLowerCase()}`}>
          {g.entries.map((e) => (
            <li>
              <a href={e.href} aria-current={e.href === current ? 'page' : undefined} download={e.download ? true : undefined}>
                {e.label}
                {e.counted && counts[e.counted] > 0 ? (
                  <>
                    {' '}
                    <span class="badge">
                      {counts[e.counted]}
                      <span class="sr-only"> waiting</span>
                    </span>
                  </>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    ))}
  </>
);

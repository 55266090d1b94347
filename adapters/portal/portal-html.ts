import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatAmount, type CurrencyCode, type DecimalValue } from '../../domain/index.js';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** What every page's frame needs: where the portal lives and who is signed in. */
export interface Frame {
  readonly title: string;
  /** The merchant's business name, or the service's discovery portal (null). */
  readonly brand: string | null;
  /** The merchant portal's path prefix: `/portal/m/<id>`, or '' on the merchant's own domain. */
  readonly base: string;
  readonly signedIn: { readonly name: string; readonly csrf: string } | null;
  /** The current section, for `aria-current`. */
  readonly section?: 'home' | 'conversions' | 'payouts' | 'team' | 'payout-details' | 'tax-details' | 'invoices' | 'campaigns' | 'sign-in';
  readonly hasTeam?: boolean;
  /** The merchant's logo as a `data:` URL, shown beside its name. */
  readonly logo?: string | null;
  /** The merchant's colour stylesheet, when it chose a colour. */
  readonly brandCss?: string | null;
}

export const ASSETS = '/portal/assets';

const navLink = (frame: Frame, section: NonNullable<Frame['section']>, path: string, label: string) =>
  html`<li><a href="${frame.base}${path}"${frame.section === section ? raw(' aria-current="page"') : ''}>${label}</a></li>`;

const nav = (frame: Frame) => {
  if (frame.brand === null) return '';
  if (!frame.signedIn) {
    return html`<nav aria-label="Portal"><ul>
      ${navLink(frame, 'campaigns', '/', 'Campaigns')}
      ${navLink(frame, 'sign-in', '/sign-in', 'Sign in')}
    </ul></nav>`;
  }
  return html`<nav aria-label="Portal"><ul>
    ${navLink(frame, 'home', '/home', 'Overview')}
    ${navLink(frame, 'conversions', '/conversions', 'Conversions')}
    ${navLink(frame, 'payouts', '/payouts', 'Payouts')}
    ${frame.hasTeam ? navLink(frame, 'team', '/team', 'Team') : ''}
    ${navLink(frame, 'payout-details', '/payout-details', 'Payout details')}
    ${navLink(frame, 'tax-details', '/tax-details', 'Tax details')}
    ${navLink(frame, 'invoices', '/invoices', 'Invoices')}
    ${navLink(frame, 'campaigns', '/', 'Campaigns')}
  </ul>
  <form method="post" action="${frame.base}/sign-out" class="sign-out">
    <input type="hidden" name="_csrf" value="${frame.signedIn.csrf}">
    <button type="submit">Sign out</button>
  </form></nav>`;
};

/** The page frame: landmarks, skip link, local assets only (no CDN; works offline). */
export const page = (frame: Frame, body: Html, options: { chart?: boolean } = {}) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title}${frame.brand ? ` · ${frame.brand}` : ''} · Affiliate portal</title>
<link rel="stylesheet" href="${ASSETS}/tokens.css">
<link rel="stylesheet" href="${ASSETS}/portal.css">
${frame.brandCss ? html`<link rel="stylesheet" href="${frame.brandCss}">` : ''}
${options.chart ? html`<link rel="stylesheet" href="${ASSETS}/uplot.min.css">` : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
  <p class="brand">${frame.logo ? html`<img class="logo" src="${frame.logo}" alt="" height="32"> ` : ''}${frame.brand ?? 'Affiliate programs'}${frame.signedIn ? html` <span class="who">· ${frame.signedIn.name}</span>` : ''}</p>
  ${nav(frame)}
</header>
<main id="main">
${body}
</main>
${options.chart ? html`<script src="${ASSETS}/uplot.iife.min.js"></script>` : ''}
<script src="${ASSETS}/portal.js"></script>
</body>
</html>`;

export const money = (amount: DecimalValue, currency: CurrencyCode | string): string =>
  `${formatAmount(amount, currency as CurrencyCode)} ${currency.toUpperCase()}`;

export const day = (date: Date | null): string => (date ? date.toISOString().slice(0, 10) : '—');

/** Previous / next links for a paged list. */
export const pager = (path: string, page: number, limit: number, total: number) => {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return '';
  return html`<nav aria-label="Pages" class="pager">
    ${page > 1 ? html`<a href="${path}?page=${page - 1}" rel="prev">Previous</a>` : ''}
    <span>Page ${page} of ${pages}</span>
    ${page < pages ? html`<a href="${path}?page=${page + 1}" rel="next">Next</a>` : ''}
  </nav>`;
};

export const notice = (text: string, kind: 'info' | 'error' = 'info') =>
  html`<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>`;

export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;

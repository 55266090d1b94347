import { html, raw } from 'hono/html';
import type { PortalOverview, PortalTeam } from '../../application/portal/affiliate-portal.js';
import type { PortalConversion, PortalPayout } from '../../application/ports/portal-queries.js';
import type { Page } from '../../application/shared/page.js';
import type { Affiliate } from '../../domain/index.js';
import { day, money, page, pager, type Frame } from './portal-html.js';

const STATUS_LABELS: Record<string, string> = { approved: 'Approved', pending: 'Pending review', rejected: 'Not approved', suspended: 'Suspended' };

/** JSON for a `<script type="application/json">`: `<` escaped so the data cannot close the element. */
const jsonData = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

const linksSection = (overview: PortalOverview) => html`<section aria-labelledby="links-h">
  <h2 id="links-h">Your links</h2>
  ${overview.links.length === 0 ? html`<p>You are not on any campaign yet.</p>` : ''}
  <ul class="links">
    ${overview.links.map(
      (l, i) => html`<li>
        <h3>${l.campaignName} <span class="badge ${l.status}">${STATUS_LABELS[l.status] ?? l.status}</span></h3>
        ${l.trackingLink
          ? html`<div class="copy-row">
              <label for="link-${i}" class="visually-hidden">Tracking link for ${l.campaignName}</label>
              <input id="link-${i}" readonly value="${l.trackingLink}" class="link">
              <button type="button" data-copy="link-${i}">Copy link</button>
            </div>`
          : html`<p class="muted">Your link appears here once the merchant approves you.</p>`}
      </li>`,
    )}
  </ul>
</section>`;

type CurrencyEarnings = PortalOverview['earnings']['byCurrency'][number];

/** One column per currency (an affiliate earns in one or two), so every figure fits a phone's width. */
const commissionsTable = (byCurrency: readonly CurrencyEarnings[]) => {
  const row = (label: string, cell: (c: CurrencyEarnings) => unknown) =>
    html`<tr><th scope="row">${label}</th>${byCurrency.map((c) => html`<td>${cell(c)}</td>`)}</tr>`;
  return html`<div class="table-wrap" role="region" tabindex="0" aria-labelledby="commissions-caption"><table>
      <caption id="commissions-caption">Commissions by currency (never converted)</caption>
      <thead><tr><td></td>${byCurrency.map((c) => html`<th scope="col">${c.currency.toUpperCase()}</th>`)}</tr></thead>
      <tbody>${row('Conversions', (c) => c.conversions)}${row('Sales', (c) => money(c.revenue, c.currency))}
        ${row('Pending', (c) => money(c.pendingCommissions, c.currency))}${row('Approved', (c) => money(c.approvedCommissions, c.currency))}
        ${row('Paid', (c) => money(c.paidCommissions, c.currency))}</tbody></table></div>`;
};

const earningsSection = (overview: PortalOverview) => {
  const e = overview.earnings;
  const currencies = [...new Set(e.days.flatMap((d) => Object.keys(d.commissions)))].sort();
  return html`<section aria-labelledby="earnings-h">
  <h2 id="earnings-h">Earnings</h2>
  <p class="stats"><span><strong>${e.clicks}</strong> clicks</span> <span><strong>${e.uniqueClicks}</strong> unique visitors</span>
    <span><strong>${e.byCurrency.reduce((n, c) => n + c.conversions, 0)}</strong> conversions</span></p>
  ${e.byCurrency.length === 0
    ? html`<p>No conversions yet.</p>`
    : commissionsTable(e.byCurrency)}
  <figure class="chart">
    <figcaption>Last ${e.days.length} days: clicks and conversions per day${currencies.length ? ', and commission per currency' : ''}</figcaption>
    <div id="activity-chart" class="chart-box" role="img" aria-label="Daily clicks and conversions over the last ${e.days.length} days"></div>
    <script type="application/json" id="activity-data">${jsonData({ days: e.days, currencies })}</script>
  </figure>
</section>`;
};

const couponsSection = (overview: PortalOverview) =>
  overview.coupons.length === 0
    ? ''
    : html`<section aria-labelledby="coupons-h"><h2 id="coupons-h">Your coupon codes</h2>
      <ul>${overview.coupons.map(
        (k) => html`<li><strong class="code">${k.code}</strong> · ${k.campaignName}${k.percentOff ? ` · ${k.percentOff.toString()}% off` : ''}${k.amountOff && k.currency ? ` · ${money(k.amountOff, k.currency)} off` : ''}</li>`,
      )}</ul></section>`;

export const overviewPage = (frame: Frame, overview: PortalOverview) =>
  page({ ...frame, title: 'Overview', section: 'home' }, html`<h1>Overview</h1>${linksSection(overview)}${earningsSection(overview)}${couponsSection(overview)}
    <p><a href="${frame.base}/my-data.json" download>Download everything this program holds about you (JSON)</a></p>`, {
    chart: true,
  });

const conversionRow = (frame: Frame, c: PortalConversion) =>
  html`<tr><td><a href="${frame.base}/conversions/${c.id}">${day(c.createdAt)}</a></td><td>${c.campaignName}</td><td>${money(c.amount, c.currency)}</td>
    <td>${money(c.commission, c.currency)}</td><td>${c.status}</td></tr>`;

export const conversionsPage = (frame: Frame, list: Page<PortalConversion>) =>
  page(
    { ...frame, title: 'Conversions', section: 'conversions' },
    html`<h1>Conversions</h1>
    ${list.items.length === 0
      ? html`<p>No conversions yet. Share your links: every sale they bring appears here.</p>`
      : html`<div class="table-wrap" role="region" tabindex="0" aria-labelledby="conversions-caption"><table><caption id="conversions-caption">Sales you referred, newest first</caption>
        <thead><tr><th scope="col">Date</th><th scope="col">Campaign</th><th scope="col">Sale</th><th scope="col">Commission</th><th scope="col">Status</th></tr></thead>
        <tbody>${list.items.map((c) => conversionRow(frame, c))}</tbody></table></div>`}
    ${pager(`${frame.base}/conversions`, list.page, list.limit, list.total)}`,
  );

export const conversionPage = (frame: Frame, c: PortalConversion) =>
  page(
    { ...frame, title: 'Conversion', section: 'conversions' },
    html`<h1>Conversion of ${day(c.createdAt)}</h1>
    <dl class="facts"><dt>Campaign</dt><dd>${c.campaignName}</dd><dt>Sale</dt><dd>${money(c.amount, c.currency)}</dd>
      <dt>Your commission</dt><dd>${money(c.commission, c.currency)}</dd><dt>Status</dt><dd>${c.status}</dd>
      <dt>Approved</dt><dd>${day(c.approvedAt)}</dd></dl>
    <p><a href="${frame.base}/conversions">All conversions</a></p>`,
  );

export const payoutsPage = (frame: Frame, list: Page<PortalPayout>, affiliate: Affiliate) =>
  page(
    { ...frame, title: 'Payouts', section: 'payouts' },
    html`<h1>Payouts</h1>
    ${affiliate.payoutMethod ? '' : html`<p class="notice info" role="status"><a href="${frame.base}/payout-details">Add your payout details</a> so the merchant can pay you.</p>`}
    ${list.items.length === 0
      ? html`<p>No payouts yet. Approved commissions are queued for payout here.</p>`
      : html`<div class="table-wrap" role="region" tabindex="0" aria-labelledby="payouts-caption"><table><caption id="payouts-caption">Payouts, newest first</caption>
        <thead><tr><th scope="col">Created</th><th scope="col">Campaign</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Scheduled</th><th scope="col">Paid</th></tr></thead>
        <tbody>${list.items.map(
          (p) => html`<tr><td>${day(p.createdAt)}</td><td>${p.campaignName}</td><td>${money(p.amount, p.currency)}</td><td>${p.status}</td>
            <td>${day(p.scheduledDate)}</td><td>${day(p.completedAt)}</td></tr>`,
        )}</tbody></table></div>`}
    ${pager(`${frame.base}/payouts`, list.page, list.limit, list.total)}`,
  );

export const teamPage = (frame: Frame, team: PortalTeam) =>
  page(
    { ...frame, title: 'Team', section: 'team' },
    html`<h1>Team ${team.name}</h1>
    <p>You are ${team.role === 'leader' ? 'the team leader' : 'a member'}.</p>
    ${team.goals.length === 0 ? html`<p>No goals to show right now.</p>` : ''}
    <ul class="goals">${team.goals.map(
      (g) => html`<li class="card"><h2>${g.name}${g.leadersOnly ? html` <span class="badge">Leaders only</span>` : ''}</h2>
        ${g.pct !== null ? html`<label>${g.label}<progress max="100" value="${Math.min(100, g.pct)}">${g.pct}%</progress></label>` : ''}
        ${g.ownContribution !== null ? html`<p>Your part: ${g.metric === 'revenue' ? g.ownContribution.toFixed(2) : g.ownContribution.toFixed(0)}</p>` : ''}
        <p class="muted">Bonus: ${g.bonusType}${g.bonusValue ? ` ${g.bonusValue.toString()}` : ''}</p></li>`,
    )}</ul>`,
  );

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { People } from '../affiliate-choices.js';
import { countOf } from '../views/components.js';
import { raw } from 'hono/html';
import { SERIES_SPANS, type GetDailySeries, type SeriesSpan } from '../../../application/stats/daily-series.js';
import type { GetOverview } from '../../../application/stats/get-overview.js';
import { formatAmount, percentChange } from '../../../domain/index.js';
import { ChangeNote } from '../views/period-change.js';
import type { MerchantNotifications } from '../../../application/notifications/merchant-notifications.js';
import { CsrfField } from '../views/layout.js';
import { done, formOf } from '../page-kit.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { noticeOf, page } from '../page-kit.js';
import { Notice, Table } from '../views/components.js';
import { RecentConversions } from '../views/conversion-table.js';
import { moneyNumber } from '../../http/money.json.js';
import { ProgramExportLink } from './program-export.js';

export interface OverviewDependencies {
  readonly getOverview: GetOverview;
  readonly getDailySeries: GetDailySeries;
  readonly notifications: MerchantNotifications;
}

const epochSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The table's rows as one string: a year is 365 rows per chart, and as elements they cost more to
 * render than the rest of the page. Only ISO days and figures go in (money to its currency's places,
 * as the page shows it elsewhere), which need no escaping.
 */
const dayRows = (days: readonly string[], cells: readonly (readonly string[])[]) =>
  days.map((d, i) => `<tr><td>${d}</td>${cells.map((c) => `<td class="num">${c[i] ?? ''}</td>`).join('')}</tr>`).join('');

/** Chart data as uPlot reads it (x in epoch seconds, one array per series), with a table for screen readers. */
const Chart = ({
  label,
  names,
  days,
  series,
  cells = series.map((s) => s.map(String)),
}: {
  label: string;
  names: readonly string[];
  days: readonly string[];
  series: readonly (readonly number[])[];
  cells?: readonly (readonly string[])[];
}) => (
  <figure class="card" data-chart>
    <figcaption>{label}</figcaption>
    <div class="plot chart" aria-hidden="true"></div>
    <script type="application/json" dangerouslySetInnerHTML={{ __html: JSON.stringify({ series: names, data: [days.map(epochSeconds), ...series] }).replace(/</g, '\\u003c') }} />
    <details>
      <summary>Show as a table</summary>
      <Table cards={false} caption={label} head={['Day', ...names.map((n) => ({ label: n, num: true }))]}>
        {raw(dayRows(days, cells))}
      </Table>
    </details>
  </figure>
);

export const overviewRoutes = (deps: OverviewDependencies, people: People) =>
  new Hono<DashboardEnv>()
    .post('/notifications/read', async (c) => {
      const form = await formOf(c);
      const id = form.id && /^[0-9a-f-]{36}$/i.test(form.id) ? form.id : null;
      await deps.notifications.markRead(c.get('tenant'), id ? { ids: [id] } : 'all');
      // Back to the page the form was on: the overview's list or the notifications page.
      return done(c, form.back === '/dashboard/notifications' ? '/dashboard/notifications' : '/dashboard', id ? 'Marked read.' : 'Notifications marked read.');
    })
    .get('/', async (c) => {
    const tenant = c.get('tenant');
    const requested = Number(c.req.query('days'));
    const span: SeriesSpan = (SERIES_SPANS as readonly number[]).includes(requested) ? (requested as SeriesSpan) : 30;
    const [overview, series, notices, before] = await Promise.all([
      deps.getOverview.execute(tenant),
      deps.getDailySeries.execute(tenant, span),
      deps.notifications.list(tenant, { page: 1, limit: 5 }),
      deps.getDailySeries.previousTotals(tenant, span),
    ]);
    const clicks = series.clicks.reduce((n, x) => n + x, 0);
    const conversions = series.conversions.reduce((n, x) => n + x, 0);
    const against = `the previous ${span} days`;
    const unread = notices.items.filter((n) => n.readAt === null);
    const affiliates = await people.names.directory(tenant, overview.recentConversions.map((r) => r.affiliateId));
    return page(
      c,
      'Overview',
      '/dashboard',
      <>
        <Notice text={noticeOf(c)} />
        {unread.length > 0 ? (
          <section aria-labelledby="notifications" class="card">
            <h2 id="notifications" class="flush-top">Needs your attention</h2>
            <ul>
              {unread.map((n) => (
                <li>
                  {n.message} <span class="muted">({n.createdAt.toISOString().slice(0, 10)})</span>
                </li>
              ))}
            </ul>
            <form method="post" action="/dashboard/notifications/read">
              <CsrfField token={c.get('webSession')!.csrfToken} />
              <button type="submit" class="secondary">
                Mark all read
              </button>
            </form>
          </section>
        ) : null}
        <h2>This month by currency</h2>
        {overview.byCurrency.length === 0 ? (
          <p class="muted">
            No sales this month yet. They arrive from your <a href="/dashboard/integrations">payment providers</a>, the API or the{' '}
            <a href="/dashboard/conversions">conversions page</a>, for affiliates of your <a href="/dashboard/campaigns">campaigns</a>.
          </p>
        ) : null}
        <div class="cards">
          {overview.byCurrency.map((b) => (
            <div class="card">
              <div class="muted">{b.currency.toUpperCase()}</div>
              <div class="figure">{formatAmount(b.revenue, b.currency)}</div>
              <div>
                revenue · {formatAmount(b.commissions, b.currency)} commission · {countOf(b.conversions, 'conversion')}
              </div>
            </div>
          ))}
        </div>
        <h2>Daily</h2>
        <nav class="actions" aria-label="Chart span">
          {SERIES_SPANS.map((d) => (
            <a href={`/dashboard?days=${d}`} aria-current={d === span ? 'true' : undefined}>
              {d} days
            </a>
          ))}
        </nav>
        <div class="cards">
          <div class="card">
            <div class="muted">Clicks, last {span} days</div>
            <div class="figure">{clicks.toLocaleString('en-US')}</div>
            <ChangeNote change={percentChange(clicks, before.clicks)} against={against} />
          </div>
          <div class="card">
            <div class="muted">Conversions, last {span} days</div>
            <div class="figure">{conversions.toLocaleString('en-US')}</div>
            <ChangeNote change={percentChange(conversions, before.conversions)} against={against} />
          </div>
        </div>
        <div class="cards cards-wide">
          <Chart label={`Clicks and conversions, last ${span} days`} names={['Clicks', 'Conversions']} days={series.days} series={[series.clicks, series.conversions]} />
          {[...series.byCurrency].map(([currency, s]) => (
            <Chart
              label={`Revenue and commissions in ${currency.toUpperCase()}, last ${span} days`}
              names={['Revenue', 'Commissions']}
              days={series.days}
              series={[s.revenue.map(moneyNumber), s.commissions.map(moneyNumber)]}
              cells={[s.revenue.map((v) => formatAmount(v, currency)), s.commissions.map((v) => formatAmount(v, currency))]}
            />
          ))}
        </div>
        <h2>Top affiliates this month</h2>
        <Table caption="Top affiliates this month" head={['Affiliate', { label: 'Commission', num: true }, { label: 'Conversions', num: true }]} empty={overview.topAffiliates.length === 0 && 'No sales this month yet: invite affiliates from the Affiliates page and share their links.'}>
          {overview.topAffiliates.map((a) => (
            <tr>
              <td>
                <a href={`/dashboard/affiliates/${a.affiliateId}`}>{a.name}</a>
              </td>
              <td class="num">{a.commissionByCurrency.map((x) => `${formatAmount(x.amount, x.currency)} ${x.currency.toUpperCase()}`).join(' + ')}</td>
              <td class="num">{a.conversions}</td>
            </tr>
          ))}
        </Table>
        <RecentConversions
          affiliates={affiliates}
          rows={overview.recentConversions.map((r) => ({
            createdAt: r.createdAt.toISOString(),
            affiliateId: r.affiliateId,
            orderId: r.orderId,
            amount: formatAmount(r.amount, r.currency),
            currency: r.currency,
            commission: formatAmount(r.commission, r.currency),
            status: r.status,
          }))}
        />
        <p>
          <a href="/dashboard/conversions">All conversions</a>
        </p>
        <ProgramExportLink />
      </>,
    );
  });

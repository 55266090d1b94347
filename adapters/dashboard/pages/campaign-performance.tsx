/** @jsxImportSource hono/jsx */
import type { CampaignPerformance } from '../../../application/campaigns/campaign-performance.js';
import { formatAmount } from '../../../domain/index.js';
import { DateRangeFields, type DateRange } from '../date-range.js';
import { countOf, FilterForm, Table } from '../views/components.js';
import { ChangeNote, previousSpanText } from '../views/period-change.js';

const DAY = 86_400_000;

/** The period the campaign page shows: the filter's, or the last 30 days when it leaves either end open. */
export const campaignPeriod = (range: DateRange, now: Date): { from: Date; to: Date } => {
  if (range.from && range.to && range.to > range.from) return { from: range.from, to: range.to };
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY);
  return { from: new Date(to.getTime() - 30 * DAY), to };
};

/**
 * Bars as inline SVG (no script, and attributes rather than styles, which the page's CSP forbids):
 * each day a pair, clicks and conversions, scaled to the period's highest count. Hidden from screen
 * readers, which get the table below instead.
 */
const Bars = ({ days }: { days: CampaignPerformance['days'] }) => {
  const top = Math.max(1, ...days.map((d) => Math.max(d.clicks, d.conversions)));
  const h = (n: number) => ((n / top) * 100).toFixed(2);
  return (
    <svg class="bars" viewBox={`0 0 ${days.length * 10} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {days.map((d, i) => (
        <g>
          <title>{`${d.day}: ${d.clicks} clicks, ${d.conversions} conversions`}</title>
          <rect class="clicks" x={i * 10 + 1} y={(100 - Number(h(d.clicks))).toFixed(2)} width="4" height={h(d.clicks)} />
          <rect class="conversions" x={i * 10 + 5} y={(100 - Number(h(d.conversions))).toFixed(2)} width="4" height={h(d.conversions)} />
        </g>
      ))}
    </svg>
  );
};

/** A campaign's performance over a period: figures against the period before, a chart with its table, and its best affiliates. */
export const CampaignPerformanceView = ({ campaignId, range, period, perf }: { campaignId: string; range: DateRange; period: { from: Date; to: Date }; perf: CampaignPerformance }) => {
  const against = previousSpanText(period.from, period.to);
  const shownTo = new Date(period.to.getTime() - DAY).toISOString().slice(0, 10);
  return (
    <section aria-labelledby="performance">
      <h2 id="performance">
        Performance, {period.from.toISOString().slice(0, 10)} to {shownTo}
      </h2>
      <FilterForm
        action={`/dashboard/campaigns/${campaignId}`}
        submit="Show"
        after={
          <a href={`/dashboard/clicks.csv?${new URLSearchParams({ campaignId, from: period.from.toISOString().slice(0, 10), to: shownTo }).toString()}`} download>
            Export the period's clicks as CSV
          </a>
        }
      >
        <DateRangeFields range={range} none="Last 30 days, or the days below" />
      </FilterForm>
      <div class="cards">
        <div class="card">
          <div class="muted">Clicks</div>
          <div class="figure">{perf.clicks.toLocaleString('en-US')}</div>
          <ChangeNote change={perf.clicksChange} against={against} />
        </div>
        <div class="card">
          <div class="muted">Conversions</div>
          <div class="figure">{perf.conversions.toLocaleString('en-US')}</div>
          <ChangeNote change={perf.conversionsChange} against={against} />
        </div>
        <div class="card">
          <div class="muted">Conversion rate</div>
          <div class="figure">{perf.conversionRate === null ? '—' : `${perf.conversionRate} %`}</div>
          <div class="muted">{perf.conversionRate === null ? 'no clicks in this period' : `${countOf(perf.conversions, 'conversion')} from ${countOf(perf.clicks, 'click')}`}</div>
        </div>
      </div>
      <figure class="card">
        <figcaption>Clicks and conversions per day</figcaption>
        <div class="legend" aria-hidden="true">
          <span>
            <span class="swatch clicks"></span>Clicks
          </span>
          <span>
            <span class="swatch conversions"></span>Conversions
          </span>
        </div>
        <Bars days={perf.days} />
        <details>
          <summary>Show as a table</summary>
          <Table caption="Clicks and conversions per day" head={['Day', { label: 'Clicks', num: true }, { label: 'Conversions', num: true }]}>
            {perf.days.map((d) => (
              <tr>
                <td>{d.day}</td>
                <td class="num">{d.clicks}</td>
                <td class="num">{d.conversions}</td>
              </tr>
            ))}
          </Table>
        </details>
      </figure>
      <Table
        caption="Top affiliates in this period"
        head={['Affiliate', { label: 'Conversions', num: true }, { label: 'Clicks', num: true, narrow: true }, { label: 'Commission', num: true }]}
        empty={perf.topAffiliates.length === 0 && 'No clicks or conversions in this period.'}
      >
        {perf.topAffiliates.map((a) => (
          <tr>
            <td>
              <a href={`/dashboard/affiliates/${a.affiliateId}`}>{a.name}</a>
              {a.name !== a.email ? <div class="muted">{a.email}</div> : null}
            </td>
            <td class="num">{a.conversions}</td>
            <td class="num hide-narrow">{a.clicks}</td>
            <td class="num">{a.commissions.length === 0 ? '—' : a.commissions.map((c) => `${formatAmount(c.amount, c.currency)} ${c.currency.toUpperCase()}`).join(' + ')}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
};

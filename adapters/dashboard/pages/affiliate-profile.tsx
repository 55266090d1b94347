/** @jsxImportSource hono/jsx */
import type { AffiliateProfile } from '../../../application/affiliates/affiliate-profile.js';
import { formatAmount } from '../../../domain/index.js';
import type { affiliateDetailJson } from '../../http/routes/affiliate.json.js';
import { providerName } from '../../display/names.js';
import { countOf, shortDate, Table } from '../views/components.js';
import { statusLabel } from '../../display/status-labels.js';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/** What the merchant reads about one affiliate: performance, links, coupons, commissions, what is owed, payouts. */
export const AffiliateProfileView = ({ profile, detail }: { profile: AffiliateProfile; detail: ReturnType<typeof affiliateDetailJson> }) => {
  const clicks = detail.earnings.uniqueClicks;
  const conversions = detail.earnings.totalConversions;
  return (
    <>
      <h2>Performance</h2>
      <div class="cards">
        <div class="card">
          <div class="muted">Unique clicks</div>
          <div class="figure">{clicks.toLocaleString('en-US')}</div>
        </div>
        <div class="card">
          <div class="muted">Conversions</div>
          <div class="figure">{conversions.toLocaleString('en-US')}</div>
          <div>
            {countOf(conversions, 'conversion')} from {countOf(clicks, 'unique click')} · conversion rate {percent(conversions, clicks)}
          </div>
        </div>
        {profile.detail.byCurrency.map((b) => (
          <div class="card">
            <div class="muted">{b.currency.toUpperCase()}</div>
            <div class="figure">{formatAmount(b.commissions, b.currency)}</div>
            <div>
              commission on {formatAmount(b.revenue, b.currency)} revenue · {clicks === 0 ? 'no clicks yet' : `${formatAmount(b.commissions.dividedBy(clicks), b.currency)} ${b.currency.toUpperCase()} per click`}
            </div>
          </div>
        ))}
      </div>
      <Table caption="Conversions by month" head={['Month', { label: 'Conversions', num: true }]} empty={profile.months.length === 0 && 'No conversions yet.'}>
        {profile.months.map((m) => (
          <tr>
            <td>{m.month}</td>
            <td class="num">{m.conversions}</td>
          </tr>
        ))}
      </Table>
      <h2>Tracking links</h2>
      <Table caption="Tracking links, one per approved campaign" head={['Campaign', 'Link']} empty={profile.links.length === 0 && 'No approved campaign: approve a membership below to give this affiliate a link.'}>
        {profile.links.map((l) => (
          <tr>
            <td>
              <a href={`/dashboard/campaigns/${l.campaignId}`}>{l.campaignName}</a>
            </td>
            <td>
              <code>{l.link}</code>{' '}
              <button type="button" class="secondary" data-copy={l.link} aria-label={`Copy the link for ${l.campaignName}`}>
                Copy
              </button>
            </td>
          </tr>
        ))}
      </Table>
      <h2>Coupons</h2>
      <Table caption="Coupons of this affiliate" head={['Code', 'Provider', 'Campaign']} empty={profile.coupons.length === 0 && 'No coupons: register one on the Coupons page.'}>
        {profile.coupons.map((k) => (
          <tr>
            <td>
              <a href={`/dashboard/coupons/${k.coupon.id}`}>
                <code>{k.coupon.code}</code>
              </a>
            </td>
            <td>{providerName(k.coupon.provider)}</td>
            <td>
              <a href={`/dashboard/campaigns/${k.coupon.campaignId}`}>{k.campaignName}</a>
            </td>
          </tr>
        ))}
      </Table>
      <h2>Commissions by status</h2>
      <Table caption="Commissions by status and currency" head={['Status', 'Currency', { label: 'Commission', num: true }, { label: 'Conversions', num: true }]} empty={profile.commissions.length === 0}>
        {profile.commissions.map((t) => (
          <tr>
            <td>{statusLabel(t.status)}</td>
            <td>{t.currency.toUpperCase()}</td>
            <td class="num">
              {formatAmount(t.commission, t.currency)} {t.currency.toUpperCase()}
            </td>
            <td class="num">{t.conversions}</td>
          </tr>
        ))}
      </Table>
      <h2>Payouts</h2>
      <p>
        Owed now:{' '}
        {profile.owed.length === 0 ? 'nothing' : profile.owed.map((o) => `${formatAmount(o.amount, o.currency)} ${o.currency.toUpperCase()}`).join(' + ')}
      </p>
      <Table caption="Newest payouts of this affiliate" head={['Due', { label: 'Amount', num: true }, 'Status', 'Paid']} empty={profile.payouts.length === 0 && 'No payouts yet: approved commissions are queued on the payout day.'}>
        {profile.payouts.map((p) => (
          <tr>
            <td>{shortDate(p.scheduledDate.toISOString())}</td>
            <td class="num">
              {formatAmount(p.amount, p.currency)} {p.currency.toUpperCase()}
            </td>
            <td>{statusLabel(p.status)}</td>
            <td>{shortDate(p.completedAt ? p.completedAt.toISOString() : null)}</td>
          </tr>
        ))}
      </Table>
      <p class="muted">{countOf(profile.payouts.length, 'payout')} shown, newest first.</p>
    </>
  );
};

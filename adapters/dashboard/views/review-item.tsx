/** @jsxImportSource hono/jsx */
import type { AffiliateName } from '../../../application/ports/affiliate-names.js';
import type { StoredRiskFlag } from '../../../application/ports/risk-flag-store.js';
import type { RiskReviewItem } from '../../../application/risk/list-risk-reviews.js';
import { CONVERSION_CORRECTIONS, formatAmount, type Conversion, type ConversionStatus, type CurrencyCode } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { SIGNAL_WORDS } from '../risk-words.js';
import { shortDate } from './components.js';
import { CsrfField } from './layout.js';
import { CampaignCell } from './people.js';

export const SALES_FORM_ID = 'review-sales';
export const BAN_FORM_ID = 'review-ban';

/** What a page knows to name people and evidence with: affiliates and sales by id. */
export interface ReviewNames {
  readonly affiliates: ReadonlyMap<string, AffiliateName>;
  readonly sales: ReadonlyMap<string, Conversion>;
}

/** A sale as people name it: its amount and currency, and its order when it has one. */
export const saleLabel = (c: Pick<Conversion, 'amount' | 'currency' | 'orderId'>) => `${formatAmount(c.amount, c.currency)} ${c.currency.toUpperCase()}${c.orderId ? ` (order ${c.orderId})` : ''}`;

/** A review status in words (the API keeps its tokens). */
export const REVIEW_STATUS_WORDS: Readonly<Record<RiskReviewItem['status'], string>> = {
  pending: 'Pending',
  held: 'Held',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  refunded: 'Refunded',
  flagged: 'Flagged',
  banned: 'Banned',
};

/** Sales a bulk approve or reject can move: a held one is released first. */
const decidable = (status: ConversionStatus) => status === 'held' || CONVERSION_CORRECTIONS[status].some((m) => m === 'approved' || m === 'rejected');

/** An affiliate within a line of text: the name linking to its page, the email after it (never the id). */
const AffiliateInline = ({ id, names }: { id: string; names: ReadonlyMap<string, AffiliateName> }) => {
  const a = names.get(id);
  if (!a) return <span class="muted">an affiliate no longer listed</span>;
  const named = a.name && a.name.toLowerCase() !== a.email.toLowerCase();
  return (
    <>
      <a href={`/dashboard/affiliates/${a.id}`}>{named ? a.name : a.email}</a>
      {named ? <span class="muted plain"> ({a.email})</span> : null}
    </>
  );
};

/** One piece of evidence in words: an affiliate or a sale by name, a click or session as such, a value as typed. */
const Evidence = ({ value, subject, names }: { value: string; subject: string; names: ReviewNames }) => {
  if (names.affiliates.has(value)) return <AffiliateInline id={value} names={names.affiliates} />;
  const sale = names.sales.get(value);
  if (sale) return <>{value === subject ? 'this sale' : `the sale of ${saleLabel(sale)}`}</>;
  if (value.startsWith('session:')) return <>one of the affiliate's own portal sessions</>;
  if (isUuid(value)) return <>a click recorded for the affiliate (ref. {value.slice(0, 8)})</>;
  return <code>{value}</code>;
};

const Flag = ({ flag, subject, names }: { flag: StoredRiskFlag; subject: string; names: ReviewNames }) => {
  const evidence = flag.evidence.filter((e) => e !== subject);
  return (
    <li>
      <strong>{SIGNAL_WORDS[flag.code]?.name ?? flag.code}</strong>
      {flag.action === 'hold' ? ' (held the sale)' : ''}: {flag.message}
      {evidence.length > 0 ? (
        <div class="muted small">
          Evidence:{' '}
          {evidence.map((e, i) => (
            <>
              {i > 0 ? '; ' : ''}
              <Evidence value={e} subject={subject} names={names} />
            </>
          ))}
        </div>
      ) : null}
    </li>
  );
};

const Flags = ({ item, names }: { item: RiskReviewItem; names: ReviewNames }) =>
  item.flags.length > 0 ? (
    <ul class="review-flags">
      {item.flags.map((f) => (
        <Flag flag={f} subject={item.id} names={names} />
      ))}
    </ul>
  ) : (
    <p class="muted flush">No check flagged it: it was held by hand or through the API.</p>
  );

/** One item of the queue: what it is (by name), where it stands, and each signal's finding with its evidence. */
export const ReviewEntry = ({ item, names, csrf, back }: { item: RiskReviewItem; names: ReviewNames; csrf: string; back: string }) => {
  const words = REVIEW_STATUS_WORDS[item.status];
  if (item.kind === 'conversion' && item.amount && item.commission && item.currency) {
    // The queue's row has the figures; the sale itself adds its order and customer.
    const sale = names.sales.get(item.id);
    const currency = item.currency as CurrencyCode;
    const label = saleLabel({ amount: item.amount, currency, orderId: sale?.orderId ?? null });
    const status = item.status as ConversionStatus;
    return (
      <li class="review-item">
        <div class="review-head">
          {decidable(status) ? <input type="checkbox" name="ids" value={item.id} form={SALES_FORM_ID} aria-label={`Select the sale of ${label}`} /> : null}
          <strong>Sale of {label}</strong>
          <span class={`status status-${item.status}`}>{words}</span>
        </div>
        <p class="flush muted">
          {shortDate(item.createdAt.toISOString())} UTC · commission {formatAmount(item.commission, currency)} {currency.toUpperCase()} · campaign{' '}
          {item.campaignId ? <CampaignCell id={item.campaignId} names={new Map([[item.campaignId, item.campaignName ?? '']])} /> : '—'}
          {sale?.customerEmail ? ` · customer ${sale.customerEmail}` : ''}
        </p>
        <p class="flush">
          Affiliate: <AffiliateInline id={item.affiliateId} names={names.affiliates} />
        </p>
        <Flags item={item} names={names} />
      </li>
    );
  }
  const who = item.affiliateName && item.affiliateName !== item.affiliateEmail ? item.affiliateName : item.affiliateEmail;
  return (
    <li class="review-item">
      <div class="review-head">
        {item.status === 'flagged' ? <input type="checkbox" name="affiliateIds" value={item.id} form={BAN_FORM_ID} aria-label={`Select the affiliate ${who}`} /> : null}
        <strong>
          Affiliate <AffiliateInline id={item.id} names={names.affiliates} />
        </strong>
        <span class={`status status-${item.status}`}>{words}</span>
      </div>
      <p class="flush muted">
        {item.ban ? `Banned ${shortDate(item.ban.bannedAt.toISOString())} UTC: ${item.ban.reason}` : `Flagged ${shortDate(item.flaggedAt.toISOString())} UTC`}
      </p>
      {item.status === 'banned' ? (
        <form method="post" action="/dashboard/review/unban" class="inline">
          <CsrfField token={csrf} />
          <input type="hidden" name="affiliateId" value={item.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" class="secondary" aria-label={`Lift the ban on ${who}`}>
            Lift the ban
          </button>
        </form>
      ) : null}
      {item.flags.length > 0 || !item.ban ? <Flags item={item} names={names} /> : null}
    </li>
  );
};

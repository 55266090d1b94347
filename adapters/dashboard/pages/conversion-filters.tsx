/** @jsxImportSource hono/jsx */
import type { ConversionFilters } from '../../../application/ports/conversion-queries.js';
import { CONVERSION_STATUSES, type ConversionStatus } from '../../../domain/index.js';
import type { People } from '../affiliate-choices.js';
import { dateRangeOf, DateRangeFields, type DateRange } from '../date-range.js';
import { idOrNotFound, type DashboardContext } from '../page-kit.js';
import { choicesOf, SelectField } from '../views/components.js';
import { AffiliatePicker, pickerLabel } from '../views/people.js';
import { statusChoices } from '../../display/status-labels.js';

/** The conversions list's filters as the API's list takes them, and the query that carries them to pages and the export. */
export interface ConversionView {
  readonly filters: ConversionFilters;
  readonly range: DateRange;
  /** The affiliate filter as typed or as its label, to fill the field back. */
  readonly affiliateText: string;
  /** The query of this view (without page, notice). */
  readonly params: Record<string, string | undefined>;
  /** An affiliate was asked for that is none of the merchant's: the list is empty. */
  readonly unknownAffiliate: boolean;
}

export const conversionViewOf = async (c: DashboardContext, people: People): Promise<ConversionView> => {
  const tenant = c.get('tenant');
  const status = (CONVERSION_STATUSES as readonly string[]).includes(c.req.query('status') ?? '') ? (c.req.query('status') as ConversionStatus) : undefined;
  const campaignId = c.req.query('campaignId') ? idOrNotFound(c.req.query('campaignId'), 'Campaign') : undefined;
  const typed = c.req.query('affiliate')?.trim() ?? '';
  let affiliateId = c.req.query('affiliateId') ? idOrNotFound(c.req.query('affiliateId'), 'Affiliate') : undefined;
  let unknownAffiliate = false;
  if (typed !== '' && affiliateId === undefined) {
    affiliateId = (await people.names.resolve(tenant, typed)) ?? undefined;
    unknownAffiliate = affiliateId === undefined;
  }
  const named = affiliateId ? (await people.names.directory(tenant, [affiliateId])).get(affiliateId) : undefined;
  const range = dateRangeOf((name) => c.req.query(name), people.clock.now());
  // One conversion, as a search result links to it.
  const id = c.req.query('id') ? idOrNotFound(c.req.query('id'), 'Conversion').toLowerCase() : undefined;
  return {
    filters: { status, campaignId, affiliateId, from: range.from, to: range.to, ids: id ? [id] : undefined },
    range,
    affiliateText: named ? pickerLabel(named) : typed,
    params: { status, campaignId, affiliateId, id, ...range.params },
    unknownAffiliate,
  };
};

/** The filter fields: status, campaign, affiliate (a picker), period. */
export const ConversionFilterFields = ({ view, campaigns, offered }: { view: ConversionView; campaigns: readonly { id: string; name: string }[]; offered: readonly { name: string; email: string }[] }) => (
  <>
    <SelectField label="Status" name="status" none="Any status" choices={statusChoices(CONVERSION_STATUSES)} selected={view.filters.status} />
    <SelectField label="Campaign" name="campaignId" none="All campaigns" choices={choicesOf(campaigns)} selected={view.filters.campaignId} />
    <AffiliatePicker name="affiliate" label="Affiliate" value={view.affiliateText} offered={offered} />
    <DateRangeFields range={view.range} />
  </>
);

export const queryOf = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  return q.size > 0 ? `?${q.toString()}` : '';
};

/** @jsxImportSource hono/jsx */

/** The presets a list's date filter offers besides a custom from/to. */
export const RANGE_PRESETS = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'year', label: 'This year' },
] as const;
type Preset = (typeof RANGE_PRESETS)[number]['value'];

export interface DateRange {
  /** Inclusive. */
  readonly from?: Date | undefined;
  /** Exclusive. */
  readonly to?: Date | undefined;
  /** What the query said, to fill the form back and to carry on pages and exports. */
  readonly params: { range?: string | undefined; from?: string | undefined; to?: string | undefined };
}

const DAY = 86_400_000;
const dayOf = (text: string | undefined): Date | undefined => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
};
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * A list's date filter from its query, in UTC days: a preset (`range=30d`, `month`, …) counted back
 * from today, or custom `from` / `to` days, both inclusive (so `to` becomes the next day's start).
 */
export const dateRangeOf = (query: (name: string) => string | undefined, now: Date): DateRange => {
  const range = query('range');
  const preset = RANGE_PRESETS.find((p) => p.value === range)?.value as Preset | undefined;
  const tomorrow = new Date(startOfDay(now).getTime() + DAY);
  if (preset === '7d' || preset === '30d' || preset === '90d') {
    return { from: new Date(tomorrow.getTime() - Number.parseInt(preset, 10) * DAY), to: tomorrow, params: { range: preset } };
  }
  if (preset === 'month') return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), to: tomorrow, params: { range: preset } };
  if (preset === 'last-month') {
    return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), params: { range: preset } };
  }
  if (preset === 'year') return { from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), to: tomorrow, params: { range: preset } };
  const from = dayOf(query('from'));
  const toDay = dayOf(query('to'));
  return {
    from,
    to: toDay ? new Date(toDay.getTime() + DAY) : undefined,
    params: { from: from ? query('from') : undefined, to: toDay ? query('to') : undefined },
  };
};

/** The range's query parameters as a flat record, for links that carry the filter on (pages, exports). */
export const rangeParams = (range: DateRange): Record<string, string> =>
  Object.fromEntries(Object.entries(range.params).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

/** The date fields of a list's filter form: a preset, or custom days (UTC). */
export const DateRangeFields = ({ range, legend = 'Period', none = 'Any time, or the days below' }: { range: DateRange; legend?: string; none?: string }) => (
  <>
    <label>
      {legend}
      <select name="range">
        <option value="">{none}</option>
        {RANGE_PRESETS.map((p) => (
          <option value={p.value} selected={range.params.range === p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </label>
    <label>
      From
      <input type="date" name="from" value={range.params.from ?? ''} />
    </label>
    <label>
      To
      <input type="date" name="to" value={range.params.to ?? ''} />
    </label>
  </>
);

/** @jsxImportSource hono/jsx */
import { awardJson } from '../../http/routes/team-award.json.js';
import { teamListItemJson } from '../../http/routes/team.json.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { guardsRefuse, noticeOf, page, pageParams, type DashboardContext } from '../page-kit.js';
import { choicesOf, ErrorBox, FilterForm, Notice, Pager, SelectField, type Problem } from '../views/components.js';
import { streamCsv } from '../csv.js';
import type { Clock } from '../../../application/ports/clock.js';
import { dateRangeOf, DateRangeFields, rangeParams } from '../date-range.js';
import { AWARD_STATUS_CHOICES, AwardsTable, isAwardStatus, type TeamPageStatus } from './team-detail.js';

export const LEDGER_PATH = '/dashboard/awards';

/**
 * The ledger's filters, as `GET /awards` takes them (an id that cannot exist matches nothing): from
 * the query, or after an action from the ledger address it came from.
 */
const filtersOf = (query: URLSearchParams, now: Date) => {
  const q = (name: string) => query.get(name)?.trim() || undefined;
  const status = q('status');
  const range = dateRangeOf(q, now);
  return {
    filters: { status: isAwardStatus(status) ? status : undefined, periodKey: q('periodKey'), teamId: q('teamId'), affiliateId: q('affiliateId'), createdFrom: range.from, createdTo: range.to },
    range,
  };
};

/** `GET /awards`: every team's awards, newest first, with the same actions as a team's page. */
export const awardLedgerView = (deps: TeamRouteDependencies, clock: Clock) => async (c: DashboardContext, refused: { problem: Problem; status: TeamPageStatus; from: string } | null = null) => {
  const planRefused = guardsRefuse(c, [{ plan: 'scale', feature: 'Teams' }]);
  if (planRefused) throw planRefused;
  const tenant = c.get('tenant');
  const shown = refused ? new URL(refused.from, 'http://ledger').searchParams : new URL(c.req.url).searchParams;
  const { filters, range } = filtersOf(shown, clock.now());
  const { page: pageNo, limit } = pageParams(c, 20, shown);
  const impossible = [filters.teamId, filters.affiliateId].some((id) => id !== undefined && !isUuid(id));
  const [result, teamPage] = await Promise.all([
    impossible
      ? { items: [], total: 0, page: pageNo, limit }
      : deps.reads.awards(tenant, { ...filters, teamId: filters.teamId?.toLowerCase(), affiliateId: filters.affiliateId?.toLowerCase() }, { page: pageNo, limit }),
    deps.reads.list(tenant, { page: 1, limit: 100 }),
  ]);
  const teams = teamPage.items.map(teamListItemJson);
  const params = { status: filters.status, periodKey: filters.periodKey, teamId: filters.teamId, affiliateId: filters.affiliateId, ...rangeParams(range) };
  const query = new URLSearchParams(Object.entries({ ...params, page: pageNo > 1 ? String(pageNo) : undefined }).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const back = query ? `${LEDGER_PATH}?${query}` : LEDGER_PATH;
  const csrf = c.get('webSession')!.csrfToken;
  return page(
    c,
    'Award ledger',
    '/dashboard/teams',
    <>
      <p>
        <a href="/dashboard/teams">← Teams</a> · every team's bonus awards, newest first.
      </p>
      <Notice text={noticeOf(c)} />
      <ErrorBox problem={refused?.problem} />
      <FilterForm
        action={LEDGER_PATH}
        after={
          <a href={`${LEDGER_PATH}.csv${query ? `?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString()}` : ''}`} download>
            Export CSV
          </a>
        }
      >
        <SelectField label="Status" name="status" none="Any" choices={AWARD_STATUS_CHOICES} selected={filters.status} />
        <SelectField label="Team" name="teamId" none="Any" choices={choicesOf(teams)} selected={filters.teamId} />
        <label>
          Period
          <input name="periodKey" size={10} placeholder="2026-11" value={filters.periodKey ?? ''} />
        </label>
        <label>
          Affiliate id
          <input name="affiliateId" size={12} value={filters.affiliateId ?? ''} />
        </label>
        <DateRangeFields range={range} legend="Awarded" />
      </FilterForm>
      <div id="list">
        <AwardsTable caption="Award ledger" awards={result.items.map(awardJson)} csrf={csrf} back={back} withTeam />
        <Pager base={LEDGER_PATH} params={params} page={result.page} limit={result.limit} total={result.total} />
      </div>
    </>,
    refused?.status ?? 200,
  );
};

const AWARD_CSV_COLUMNS = ['id', 'createdAt', 'status', 'teamName', 'teamId', 'goalName', 'periodKey', 'affiliateName', 'affiliateEmail', 'affiliateId', 'amount', 'currency', 'payableAfter', 'approvedAt', 'paidAt'] as const;

/** The ledger as filtered, as CSV: its own read, a page at a time, each written before the next is read. */
export const awardLedgerCsv = (deps: TeamRouteDependencies, clock: Clock) => async (c: DashboardContext) => {
  const planRefused = guardsRefuse(c, [{ plan: 'scale', feature: 'Teams' }]);
  if (planRefused) throw planRefused;
  const tenant = c.get('tenant');
  const { filters } = filtersOf(new URL(c.req.url).searchParams, clock.now());
  const impossible = [filters.teamId, filters.affiliateId].some((id) => id !== undefined && !isUuid(id));
  async function* rows() {
    if (impossible) return;
    for (let pageNo = 1; ; pageNo += 1) {
      const result = await deps.reads.awards(tenant, { ...filters, teamId: filters.teamId?.toLowerCase(), affiliateId: filters.affiliateId?.toLowerCase() }, { page: pageNo, limit: 100 });
      yield result.items.map(awardJson).map((a) => AWARD_CSV_COLUMNS.map((k) => (k === 'currency' ? a.currency.toUpperCase() : a[k])));
      if (pageNo * 100 >= result.total || result.items.length === 0) return;
    }
  }
  return streamCsv(c, `awards-${tenant.mode}.csv`, AWARD_CSV_COLUMNS, rows());
};

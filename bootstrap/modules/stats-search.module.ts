import type { DependencyContainer } from 'tsyringe';
import { Search } from '../../application/search/search.js';
import { GetOverview } from '../../application/stats/get-overview.js';
import { GetStats } from '../../application/stats/get-stats.js';
import type { SearchDependencies } from '../../adapters/http/routes/search.routes.js';
import type { StatsUseCases } from '../../adapters/http/routes/stats.routes.js';
import { SqlSearchIndex } from '../../adapters/persistence/repositories/sql-search.js';
import { SqlStatsQueries } from '../../adapters/persistence/repositories/sql-stats-queries.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { CUSTOMER_TOKENS } from './customers.module.js';
import { single } from './single.js';

export const STATS_SEARCH_TOKENS = {
  StatsQueries: Symbol('StatsQueries'),
  SearchIndex: Symbol('SearchIndex'),
  GetStats: Symbol('GetStats'),
  GetOverview: Symbol('GetOverview'),
  Search: Symbol('Search'),
} as const;
const S = STATS_SEARCH_TOKENS;

/** Statistics (read from roll-ups kept by database triggers) and search. No jobs. */
export const registerStatsSearch = (c: DependencyContainer): void => {
  c.register(S.StatsQueries, single((r) => new SqlStatsQueries(r.resolve(T.Orm))));
  c.register(S.SearchIndex, single((r) => new SqlSearchIndex(r.resolve(T.Orm))));
  c.register(S.GetStats, single((r) => new GetStats(r.resolve(S.StatsQueries), r.resolve(T.Clock), r.resolve(CUSTOMER_TOKENS.CustomerLeads))));
  c.register(S.GetOverview, single((r) => new GetOverview(r.resolve(S.StatsQueries), r.resolve(T.ExchangeRates), r.resolve(T.Clock))));
  c.register(S.Search, single((r) => new Search(r.resolve(S.SearchIndex))));
};

export const statsSearchHttp = (c: DependencyContainer): { stats: StatsUseCases; search: SearchDependencies } => ({
  stats: { getStats: c.resolve(S.GetStats), getOverview: c.resolve(S.GetOverview) },
  search: { search: c.resolve(S.Search), publicBaseUrl: c.resolve<ServiceConfig>(T.Config).publicBaseUrl },
});

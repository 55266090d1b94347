import type { Container } from '../token.js';
import { Search } from '../../application/search/search.js';
import { GetOverview } from '../../application/stats/get-overview.js';
import { GetStats } from '../../application/stats/get-stats.js';
import type { SearchDependencies } from '../../adapters/http/routes/search.routes.js';
import type { StatsUseCases } from '../../adapters/http/routes/stats.routes.js';
import { SqlSearchIndex } from '../../adapters/persistence/repositories/sql-search.js';
import { SqlStatsQueries } from '../../adapters/persistence/repositories/sql-stats-queries.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Statistics (read from roll-ups kept by database triggers) and search. No jobs. */
export const registerStatsSearch = (c: Container): void => {
  c.register(T.StatsQueries, single((r) => new SqlStatsQueries(r.resolve(T.Orm))));
  c.register(T.SearchIndex, single((r) => new SqlSearchIndex(r.resolve(T.Orm))));
  c.register(T.GetStats, single((r) => new GetStats(r.resolve(T.StatsQueries), r.resolve(T.Clock), r.resolve(T.CustomerLeads))));
  c.register(T.GetOverview, single((r) => new GetOverview(r.resolve(T.StatsQueries), r.resolve(T.ExchangeRates), r.resolve(T.Clock))));
  c.register(T.Search, single((r) => new Search(r.resolve(T.SearchIndex))));
};

export const statsSearchHttp = (c: Container): { stats: StatsUseCases; search: SearchDependencies } => ({
  stats: { getStats: c.resolve(T.GetStats), getOverview: c.resolve(T.GetOverview) },
  search: { search: c.resolve(T.Search), publicBaseUrl: c.resolve(T.Config).publicBaseUrl },
});

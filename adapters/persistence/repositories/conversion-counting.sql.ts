import { sql, type RawBuilder } from 'kysely';
import { UNCOUNTED_SALE_STATUSES } from '../../../domain/index.js';
import { sqlTextList } from './sql-text-list.js';

/**
 * The domain's rule for which conversions statistics count (`UNCOUNTED_SALE_STATUSES`), as SQL text:
 * every statistic (campaign conversions and revenue, affiliate earnings, `/stats`) uses this fragment.
 * It stays literal text (not a parameter) so the statistics' query plans and partial-index matches do
 * not depend on the value of a parameter.
 */
const UNCOUNTED = sqlTextList(UNCOUNTED_SALE_STATUSES);

/** `<alias>.status not in (…)` for raw SQL text. */
export const countedConversionSql = (alias: string): string => `${alias}.status not in ${UNCOUNTED}`;

/** The same condition as a kysely fragment. */
export const countedConversion = (alias: string): RawBuilder<unknown> => sql.raw(countedConversionSql(alias));

/**
 * The sales that count toward the merchant's limits and the affiliate's volume tiers (domain
 * `countsTowardLimits`): counted sales, less those only the tracking script reported and nobody
 * confirmed yet (pending or held).
 */
export const unconfirmedScriptSaleSql = (alias: string): string => `(${alias}.source = 'tracking_script' and ${alias}.status in ('pending', 'held'))`;

export const limitCountedConversion = (alias: string): RawBuilder<unknown> =>
  sql.raw(`${countedConversionSql(alias)} and not ${unconfirmedScriptSaleSql(alias)} and ${alias}.source <> 'import'`);

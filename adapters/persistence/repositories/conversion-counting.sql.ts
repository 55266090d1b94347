import { sql, type RawBuilder } from 'kysely';

/**
 * The one rule for which conversions statistics count: every sale except rejected and refunded
 * ones (pending, approved, paid and held sales are real sales). Every statistic (campaign
 * conversions and revenue, affiliate earnings, and later `/stats`) uses this fragment.
 */
export const COUNTED_CONVERSION_STATUSES_SQL = `('rejected', 'refunded')`;

/** `<alias>.status not in ('rejected', 'refunded')` for raw SQL text. */
export const countedConversionSql = (alias: string): string => `${alias}.status not in ${COUNTED_CONVERSION_STATUSES_SQL}`;

/** The same condition as a kysely fragment. */
export const countedConversion = (alias: string): RawBuilder<unknown> => sql.raw(countedConversionSql(alias));

/**
 * The sales that count toward the merchant's limits and the affiliate's volume tiers (domain
 * `countsTowardLimits`): counted sales, less those only the tracking script reported and nobody
 * confirmed yet (pending or held).
 */
export const unconfirmedScriptSaleSql = (alias: string): string => `(${alias}.source = 'tracking_script' and ${alias}.status in ('pending', 'held'))`;

export const limitCountedConversion = (alias: string): RawBuilder<unknown> => sql.raw(`${countedConversionSql(alias)} and not ${unconfirmedScriptSaleSql(alias)}`);

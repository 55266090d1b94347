import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * The click row a stored click id names: a signed id starts with its click's uuid, an older id is the
 * uuid; anything else (an external tracker's id on a conversion) names none. The click's row may be
 * written after the sale that names it, so a join on this finds it whenever it exists.
 */
export const clickRowIdOf = (clickId: Expression<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(case when ${clickId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}($|_)' then left(${clickId}, 36)::uuid end)`;

/** The same expression as statement text, for a statement sent by name (`column` a column reference). */
export const clickRowIdSql = (column: string): string =>
  `(case when ${column} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}($|_)' then left(${column}, 36)::uuid end)`;

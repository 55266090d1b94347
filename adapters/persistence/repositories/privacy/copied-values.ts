import type { Kysely } from 'kysely';
import { erasureNeedles, proseForms, scrubProse, scrubText } from '../../../../domain/index.js';
import { runSql } from '../../run-sql.js';

interface TextColumn {
  readonly table: string;
  readonly column: string;
  readonly json: boolean;
}

/** Columns that hold codes and states, never a copied personal value: not searched. */
const NEVER_PERSONAL = new Set(['mode', 'status', 'currency', 'kind', 'type', 'source', 'provider', 'method', 'subject_kind', 'purpose', 'role', 'plan', 'event_type', 'state', 'resource', 'outcome', 'trigger']);

/**
 * Records of other people that may share an erased value (the merchant's own users, an affiliate of
 * the other mode with the same email): each is erased by its own request, never as a side effect.
 */
const OTHER_SUBJECTS = new Set(['affiliates', 'merchant_users', 'merchants']);

/**
 * The audit log is append-only (its trigger refuses any other change): erasure clears only a row's
 * address and browser, explicitly; its other columns are ids, paths without query and codes.
 */
const APPEND_ONLY = new Set(['audit_log']);

/** Tables without a merchant column, reached through the row that owns them. */
const OWNED_BY: Readonly<Record<string, string>> = {
  import_rows: 'exists (select 1 from imports o where o.id = t.import_id and o.merchant_id = $1)',
  webhook_delivery_attempts: 'exists (select 1 from webhook_subscriptions o where o.id = t.subscription_id and o.merchant_id = $1)',
};

/** Columns of prose written for people (notices, mails), where a name stands as plain words. */
const PROSE = new Set(['mail_outbox.subject', 'mail_outbox.body', 'mail_outbox.html', 'notifications.message', 'risk_flags.message']);

let columns: Promise<TextColumn[]> | null = null;

/**
 * Every text and JSON column of every table of a merchant's records, read from the catalogue once per
 * process: a table added later is searched without anyone remembering to list it here.
 */
const searchedColumns = (db: Kysely<any>): Promise<TextColumn[]> => {
  columns ??= runSql<{ table_name: string; column_name: string; data_type: string }>(
    db,
    `select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = current_schema() and c.data_type in ('text', 'jsonb', 'json', 'character varying')
       and (c.table_name = any($1::text[]) or exists (select 1 from information_schema.columns m
            where m.table_schema = c.table_schema and m.table_name = c.table_name and m.column_name = 'merchant_id'))
     order by c.table_name, c.column_name`,
    [Object.keys(OWNED_BY)],
  ).then((rows) =>
    rows
      .filter((r) => !NEVER_PERSONAL.has(r.column_name) && !OTHER_SUBJECTS.has(r.table_name) && !APPEND_ONLY.has(r.table_name)).map((r) => ({ table: r.table_name, column: r.column_name, json: r.data_type !== 'text' && r.data_type !== 'character varying' })),
  );
  columns.catch(() => {
    columns = null;
  });
  return columns;
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Replaces copies of erased values (an email in an event payload, a name in a stored answer) in every
 * searched column of the merchant's rows, with the domain's needles. Returns how many cells changed.
 */
export const scrubCopiedValues = async (db: Kysely<any>, merchantId: string, values: readonly string[], names: readonly string[]): Promise<number> => {
  const needles = erasureNeedles(values, names);
  const inProse = proseForms(names);
  let changed = 0;
  for (const { table, column, json } of await searchedColumns(db)) {
    const prose = PROSE.has(`${table}.${column}`);
    const finds = [...needles.map((n) => n.find), ...(prose ? inProse : [])];
    if (finds.length === 0) continue;
    const owner = OWNED_BY[table] ?? 't.merchant_id = $1';
    const cell = json ? `t.${quoted(column)}::text` : `t.${quoted(column)}`;
    const hits = await runSql<{ at: string; value: string }>(
      db,
      `select t.ctid::text as at, ${cell} as value from ${quoted(table)} t
        where ${owner} and ${cell} is not null and exists (select 1 from unnest($2::text[]) n where strpos(${cell}, n) > 0)`,
      [merchantId, finds],
    );
    for (const hit of hits) {
      const scrubbed = prose ? scrubProse(scrubText(hit.value, needles), names) : scrubText(hit.value, needles);
      // A part-word hit (`Ada` in `Adam`) finds the row but changes nothing in it.
      if (scrubbed === hit.value) continue;
      const cast = json ? '::jsonb' : '';
      await runSql(db, `update ${quoted(table)} t set ${quoted(column)} = $2${cast} where t.ctid = $1::tid`, [hit.at, scrubbed]);
      changed += 1;
    }
  }
  return changed;
};

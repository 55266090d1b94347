import { boolean, integer, jsonb, table, text, timestamptz, uuid } from './columns.js';

export const imports = table('imports', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  source: text(),
  dry_run: boolean(),
  state: text(),
  cursor: integer(),
  row_count: integer(),
  progress: jsonb(),
  preview: jsonb(),
  failure: text().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  finished_at: timestamptz().orNull(),
  fetch_state: jsonb().orNull(),
  fetch_not_before: timestamptz().orNull(),
  credentials_sealed: text().orNull(),
  credentials_key_id: text().orNull(),
  campaign_map: jsonb(),
});

export const importRows = table('import_rows', {
  import_id: uuid(),
  seq: integer(),
  resource: text(),
  data: jsonb(),
});

export const importMappings = table('import_mappings', {
  merchant_id: uuid(),
  mode: text(),
  source: text(),
  resource: text(),
  external_id: text(),
  internal_id: uuid(),
  import_id: uuid(),
  created_at: timestamptz(),
});

/** An imported affiliate's old referral codes (`?via=`, a Dub key) that keep attributing to it. */
export const refCodeAliases = table('ref_code_aliases', {
  merchant_id: uuid(),
  alias: text(),
  affiliate_id: uuid(),
  source: text(),
  created_at: timestamptz(),
});

/** The header names of a column of payout ids (the payouts page's CSV export calls it `id`). */
const ID_HEADERS = new Set(['id', 'payoutid', 'payout_id', 'payout id']);

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
const csvRecords = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      records.push([...record, field]);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records.filter((r) => r.some((f) => f.trim() !== ''));
};

/**
 * The payout ids a merchant hands in, as a file or pasted text: a CSV with a header naming an id
 * column (the payouts page's export) gives that column; anything else is a list of ids separated by
 * line breaks, commas, semicolons or spaces (as the API's `X-Payout-Ids` header lists them). Order
 * kept, repeats dropped; nothing is checked here (the use case's route decides what an id may be).
 */
export const payoutIdsIn = (text: string): string[] => {
  const clean = text.replace(/^\uFEFF/, '');
  const records = csvRecords(clean);
  const column = (records[0] ?? []).findIndex((h) => ID_HEADERS.has(h.trim().toLowerCase()));
  const ids =
    column >= 0
      ? records.slice(1).map((r) => (r[column] ?? '').trim())
      : clean
          .split(/[\s,;"]+/)
          .map((s) => s.trim());
  return [...new Set(ids.filter((id) => id !== ''))];
};

import { Decimal } from '../../../domain/index.js';

/** One row a money move changes: what it is now and what it will be, its money in its currency. */
export interface PreviewRow {
  readonly type: 'conversion' | 'payout' | 'award' | 'rate' | 'membership' | 'campaign_term';
  readonly id: string;
  /** Null for a rate, a campaign term or a membership: they move future earnings, not an amount of money. */
  readonly currency: string | null;
  readonly before: Readonly<Record<string, string | null>>;
  readonly after: Readonly<Record<string, string | null>>;
  /** What the row owes its affiliate (approved or paid commission, an open payout, an approved or paid award), before and after, as decimal text. */
  readonly owedBefore: string | null;
  readonly owedAfter: string | null;
}

export interface PreviewTotal {
  readonly currency: string;
  readonly rows: number;
  readonly owedBefore: string;
  readonly owedAfter: string;
  readonly change: string;
}

export interface Preview {
  readonly summary: string;
  readonly rows: readonly PreviewRow[];
  readonly totals: readonly PreviewTotal[];
  readonly warnings: readonly string[];
}

/** Per currency, never converted: the rows' owed amounts before and after and the change. */
export const totalsOf = (rows: readonly PreviewRow[]): PreviewTotal[] => {
  const by = new Map<string, { rows: number; before: Decimal; after: Decimal }>();
  for (const row of rows) {
    if (row.currency === null || row.owedBefore === null || row.owedAfter === null) continue;
    const sum = by.get(row.currency) ?? { rows: 0, before: new Decimal(0), after: new Decimal(0) };
    by.set(row.currency, { rows: sum.rows + 1, before: sum.before.plus(row.owedBefore), after: sum.after.plus(row.owedAfter) });
  }
  return [...by].map(([currency, sum]) => ({
    currency,
    rows: sum.rows,
    owedBefore: sum.before.toFixed(),
    owedAfter: sum.after.toFixed(),
    change: sum.after.minus(sum.before).toFixed(),
  }));
};

const text = { type: 'string' } as const;
const money = { type: 'string', description: 'Decimal amount in the currency, e.g. "12.50"' } as const;

/** The JSON Schema of a preview answer (the first call of a money move). */
export const PREVIEW_ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    preview: {
      type: 'object',
      properties: {
        summary: text,
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string', enum: ['conversion', 'payout', 'award', 'rate', 'membership', 'campaign_term'] },
              id: text,
              currency: { type: ['string', 'null'] },
              before: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
              after: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
              owedBefore: { type: ['string', 'null'] },
              owedAfter: { type: ['string', 'null'] },
            },
            required: ['type', 'id', 'currency', 'before', 'after', 'owedBefore', 'owedAfter'],
          },
        },
        totals: {
          type: 'array',
          items: {
            type: 'object',
            properties: { currency: text, rows: { type: 'integer' }, owedBefore: money, owedAfter: money, change: money },
            required: ['currency', 'rows', 'owedBefore', 'owedAfter', 'change'],
          },
        },
        warnings: { type: 'array', items: text },
      },
      required: ['summary', 'rows', 'totals', 'warnings'],
    },
    confirmationToken: { type: 'string', description: 'Send it back as confirmationToken, with the same arguments, to make the change' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
  required: ['preview', 'confirmationToken', 'expiresAt'],
} as const;

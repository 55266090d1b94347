import type { Context } from 'hono';
import { stream } from 'hono/streaming';

/** One CSV cell: always quoted, quotes doubled, and a leading formula character neutralised for spreadsheet apps. */
export const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV download written to the response as its rows are read: `pages` yields one page of rows at a
 * time (a bounded read), and each page is written before the next is read, so an export of any
 * length holds one page in memory.
 */
export const streamCsv = (c: Context, filename: string, header: readonly string[], pages: AsyncIterable<readonly (readonly unknown[])[]>) => {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    await out.write(csvLine(header));
    for await (const rows of pages) {
      if (out.aborted) return;
      await out.write(rows.map(csvLine).join(''));
    }
  });
};

/**
 * Pages of a cursor read: `read(after)` reads the page that follows the row `after` (the first page
 * for null), until a page says nothing more follows.
 */
export async function* cursorPages<T>(read: (after: T | null) => Promise<{ items: readonly T[]; hasMore: boolean }>): AsyncGenerator<readonly T[]> {
  let after: T | null = null;
  for (;;) {
    const { items, hasMore } = await read(after);
    if (items.length > 0) yield items;
    if (!hasMore || items.length === 0) return;
    after = items[items.length - 1]!;
  }
}

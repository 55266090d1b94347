import { z } from '@hono/zod-openapi';
import { SERVICE_TIME_MESSAGE, withinServiceTime } from '../validation.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOrDateTime = z
  .string()
  .refine((v) => (DATE.test(v) || /^\d{4}-\d{2}-\d{2}T/.test(v)) && !Number.isNaN(Date.parse(v)), 'must be a date (YYYY-MM-DD) or an ISO 8601 time')
  .refine(withinServiceTime, SERVICE_TIME_MESSAGE);

/** `from` and `to` as list filters take them. */
export const dateRangeQuery = {
  from: dateOrDateTime.optional().openapi({ example: '2026-11-01' }),
  to: dateOrDateTime.optional().openapi({ example: '2026-11-30' }),
};

/**
 * A date means the whole UTC day: `from` from its start, `to` through its end (the bound is
 * exclusive at the next midnight). A full timestamp is taken as is.
 */
export const toDateRange = (q: { from?: string | undefined; to?: string | undefined }): { from?: Date; to?: Date } => {
  const range: { from?: Date; to?: Date } = {};
  if (q.from) range.from = new Date(DATE.test(q.from) ? `${q.from}T00:00:00.000Z` : q.from);
  if (q.to) {
    const to = new Date(DATE.test(q.to) ? `${q.to}T00:00:00.000Z` : q.to);
    range.to = DATE.test(q.to) ? new Date(to.getTime() + 86_400_000) : to;
  }
  return range;
};

import { Hono } from 'hono';
import type { ClickExport } from '../../../application/ports/click-export.js';
import type { Clock } from '../../../application/ports/clock.js';
import { cursorPages, streamCsv } from '../csv.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { dateRangeOf } from '../date-range.js';
import { idOrNotFound } from '../page-kit.js';
import { EXPORT_PAGE } from './conversion-csv.js';

const COLUMNS = ['id', 'createdAt', 'campaignName', 'campaignId', 'affiliateName', 'affiliateEmail', 'affiliateId', 'landingUrl', 'referrer'] as const;

/**
 * `/dashboard/clicks.csv`: the mode's clicks, filtered by period (`range` or `from`/`to`), campaign
 * and affiliate, streamed a keyset page at a time. Another merchant's campaign or affiliate simply
 * matches nothing (every read is within the tenant).
 */
export const clickCsvRoutes = (deps: { readonly clicks: ClickExport; readonly clock: Clock }) =>
  new Hono<DashboardEnv>().get('/clicks.csv', (c) => {
    const tenant = c.get('tenant');
    const q = (name: string) => c.req.query(name) || undefined;
    const range = dateRangeOf(q, deps.clock.now());
    const campaignId = q('campaignId');
    const affiliateId = q('affiliateId');
    const filter = {
      from: range.from,
      to: range.to,
      campaignId: campaignId ? idOrNotFound(campaignId, 'Campaign') : undefined,
      affiliateId: affiliateId ? idOrNotFound(affiliateId, 'Affiliate') : undefined,
    };
    async function* rows() {
      for await (const page of cursorPages((after: { createdAt: Date; id: string } | null) => deps.clicks.page(tenant, filter, after, EXPORT_PAGE))) {
        yield page.map((k) => [k.id, k.createdAt.toISOString(), k.campaignName, k.campaignId, k.affiliateName, k.affiliateEmail, k.affiliateId, k.landingUrl ?? '', k.referrer ?? '']);
      }
    }
    return streamCsv(c, `clicks-${tenant.mode}.csv`, COLUMNS, rows());
  });

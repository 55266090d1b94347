/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { People } from '../affiliate-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { AffiliateOptions } from '../views/people.js';

const SUGGESTIONS = 20;

/** htmx's side of the affiliate pickers: the options matching what was typed in the field it names. */
export const pickerRoutes = (people: People) =>
  new Hono<DashboardEnv>().get('/pickers/affiliates', async (c) => {
    const field = c.req.query('field') ?? 'affiliate';
    const text = (c.req.query(field) ?? '').slice(0, 200);
    // eslint-disable-next-line no-control-regex
    const found = /[\u0000-\u001f\u007f]/.test(text) ? [] : await people.names.suggest(c.get('tenant'), text, SUGGESTIONS);
    c.header('Cache-Control', 'no-store');
    return c.html(<AffiliateOptions affiliates={found} />);
  });

/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type Search, type SearchType } from '../../../application/search/search.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { page } from '../page-kit.js';
import { countOf } from '../views/components.js';

const RESULTS_PER_KIND = 10;

const KINDS: readonly { type: SearchType; heading: string; href: (id: string) => string }[] = [
  { type: 'affiliate', heading: 'Affiliates', href: (id) => `/dashboard/affiliates/${id}` },
  { type: 'campaign', heading: 'Campaigns', href: (id) => `/dashboard/campaigns/${id}` },
  { type: 'coupon', heading: 'Coupons', href: (id) => `/dashboard/coupons/${id}` },
  { type: 'conversion', heading: 'Conversions and customers', href: (id) => `/dashboard/conversions?id=${id}` },
];

/** The header's search: the API's search use case (`GET /search`), each result linking to its page here. */
export const searchRoutes = (search: Search) =>
  new Hono<DashboardEnv>().get('/search', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
    // eslint-disable-next-line no-control-regex
    const searchable = [...q].length >= SEARCH_MIN_LENGTH && !/[\u0000-\u001f\u007f]/.test(q);
    const hits = searchable ? await search.execute(c.get('tenant'), q, RESULTS_PER_KIND) : [];
    return page(
      c,
      q ? `Search: ${q}` : 'Search',
      '/dashboard/search',
      <>
        <form method="get" action="/dashboard/search" role="search" aria-label="Search again" class="filters">
          <label>
            Name, email, code or order
            <input type="search" name="q" value={q} minlength={SEARCH_MIN_LENGTH} maxlength={SEARCH_MAX_LENGTH} required />
          </label>
          <button type="submit">Search</button>
        </form>
        {!searchable ? (
          <p class="muted">Type at least {SEARCH_MIN_LENGTH} characters: an affiliate's name or email, a campaign's name, a coupon code, an order id or a customer's name or email.</p>
        ) : hits.length === 0 ? (
          <p>Nothing matches “{q}”.</p>
        ) : (
          <>
            <p class="muted">{countOf(hits.length, 'result')}</p>
            {KINDS.map((kind) => {
              const found = hits.filter((h) => h.type === kind.type);
              return found.length === 0 ? null : (
                <section aria-labelledby={`found-${kind.type}`}>
                  <h2 id={`found-${kind.type}`}>{kind.heading}</h2>
                  <ul class="results">
                    {found.map((h) => (
                      <li>
                        <a href={kind.href(h.id)}>{h.title}</a>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </>
        )}
      </>,
    );
  });

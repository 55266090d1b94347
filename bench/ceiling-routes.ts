import { Hono } from 'hono';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';

/**
 * The physical ceilings of `npm run bench`, served by the service's own process and socket
 * (`bench/service-with-ceilings.ts` puts them in front of the service's app). Bare routes: no request
 * context, no ORM scope, no authentication, no logging; `/__bench/*` never reaches the service's app.
 *
 * - `GET  /__bench/hello`        constant JSON (the HTTP ceiling);
 * - `GET  /__bench/select/:id`   one primary-key SELECT of a conversion through a `pg` pool (the read ceiling);
 * - `POST /__bench/sale/:merchant/:campaign/:affiliate`  a reference: a sale's rows through the real
 *                                tables (the conversion with its indexes and roll-up trigger, its outbox
 *                                event, its audit row) in one statement of one transaction, as the service
 *                                writes them, without any of its reads or its HTTP stack;
 * - `POST /__bench/write?n=N`    N INSERTs in one transaction (the durable-write ceiling), N by default
 *                                `WRITES_PER_CONVERSION`; the harness passes the number it counted.
 */

/**
 * What one `POST /conversions` writes: the conversion row, its outbox event, the audit row, the
 * rate-limit window upsert, and the three daily roll-ups (merchant, campaign, affiliate) its
 * trigger upserts. The harness checks this number against the database after the write runs.
 */
export const WRITES_PER_CONVERSION = 7;

export interface CeilingOptions {
  readonly databaseUrl: string;
  readonly poolMax: number;
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

export const withCeilingRoutes = async <F extends Fetch>(serviceFetch: F, options: CeilingOptions) => {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax });
  // A plain logged table of conversion-sized rows, with a primary key like every written table.
  await pool.query(`create table if not exists bench_ceiling_writes (
    id uuid primary key, merchant_id uuid not null, kind text not null, payload text not null, created_at timestamptz not null)`);
  const merchantId = uuidv7();
  const payload = 'x'.repeat(240);

  /** `work` on one pooled connection inside one transaction, rolled back when it throws. */
  const inTransaction = async (work: (client: pg.PoolClient) => Promise<void>): Promise<void> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const app = new Hono().basePath('/__bench');
  app.get('/hello', (c) => c.json({ data: { hello: 'world' } }));
  app.get('/select/:id', async (c) => {
    const { rows } = await pool.query('select * from conversions where id = $1', [c.req.param('id')]);
    return rows[0] ? c.json({ data: rows[0] }) : c.json({ error: { code: 'not_found' } }, 404);
  });
  app.post('/sale/:merchant/:campaign/:affiliate', async (c) => {
    const { merchant, campaign, affiliate } = c.req.param();
    const now = new Date();
    await inTransaction(async (client) => {
      await client.query(
        `with audit as (
           insert into audit_log (id, actor, api_key_id, merchant_id, method, path, status, error_code, address, user_agent, request_id, created_at)
           values ($1, 'api_key', null, $4, 'POST', '/api/v1/conversions', 201, null, '127.0.0.1', 'bench', $8, $7)),
         created as (
           insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, commission, original_commission, currency,
             status, conversion_type, source, created_at, updated_at, version)
           values ($2, $4, 'live', $5, $6, 120, 12, 12, 'usd', 'pending', 'one_time', 'api', $7, $7, 1) returning id)
         insert into outbox_events (id, merchant_id, mode, type, payload, occurred_at)
         select $3, $4, 'live', 'conversion.created', jsonb_build_object('id', id), $7 from created`,
        [uuidv7(), uuidv7(), uuidv7(), merchant, campaign, affiliate, now, 'bench-sale'],
      );
    });
    return c.json({ data: { written: 3 } }, 201);
  });
  app.post('/write', async (c) => {
    const n = Math.min(50, Math.max(1, Number(c.req.query('n') ?? WRITES_PER_CONVERSION) || WRITES_PER_CONVERSION));
    await inTransaction(async (client) => {
      const now = new Date();
      for (let i = 0; i < n; i += 1) {
        await client.query('insert into bench_ceiling_writes (id, merchant_id, kind, payload, created_at) values ($1, $2, $3, $4, $5)', [
          uuidv7(),
          merchantId,
          `row${i}`,
          payload,
          now,
        ]);
      }
    });
    return c.json({ data: { written: n } }, 201);
  });

  const fetch = ((request: Request, ...rest: never[]) =>
    request.url.includes('/__bench/') ? app.fetch(request) : serviceFetch(request, ...rest)) as F;
  return { fetch, close: () => pool.end() };
};

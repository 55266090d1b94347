/**
 * The Node-level ceilings of `npm run bench`, in a process of their own: `node:http` and a `pg` pool
 * of `POOL_MAX` (10) connections on the service's database, nothing else (no framework, no
 * middleware). What a Node process on this machine can do at best for:
 *
 * - `GET  /hello`        a constant JSON answer (the bare HTTP ceiling the click redirect is compared with);
 * - `GET  /select/:id`   one primary-key SELECT of a conversion (the read ceiling);
 * - `POST /write`        BEGIN, four INSERTs, COMMIT on one pooled connection (the write ceiling).
 *
 * Run by bench/run.ts: `node --import tsx bench/node-ceiling.ts` with DATABASE_URL, PORT, POOL_MAX.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
await pool.query(`create table if not exists bench_node_ceiling_writes (
  id uuid primary key, merchant_id uuid not null, kind text not null, payload text not null, created_at timestamptz not null)`);
const merchantId = randomUUID();
const payload = 'x'.repeat(240);
const HELLO = JSON.stringify({ data: { hello: 'world' } });

const send = (res: import('node:http').ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (req.method === 'GET' && url === '/hello') return send(res, 200, HELLO);
  if (req.method === 'GET' && url.startsWith('/select/')) {
    pool
      .query('select * from conversions where id = $1', [url.slice('/select/'.length)])
      .then(({ rows }) => (rows[0] ? send(res, 200, JSON.stringify({ data: rows[0] })) : send(res, 404, '{}')))
      .catch(() => send(res, 500, '{}'));
    return;
  }
  if (req.method === 'POST' && url === '/write') {
    req.resume();
    req.on('end', () => {
      void (async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const now = new Date();
          for (let i = 0; i < 4; i += 1) {
            await client.query('insert into bench_node_ceiling_writes (id, merchant_id, kind, payload, created_at) values ($1, $2, $3, $4, $5)', [
              randomUUID(),
              merchantId,
              `row${i}`,
              payload,
              now,
            ]);
          }
          await client.query('commit');
          send(res, 201, '{"data":{"written":4}}');
        } catch {
          await client.query('rollback').catch(() => undefined);
          send(res, 500, '{}');
        } finally {
          client.release();
        }
      })();
    });
    return;
  }
  send(res, 404, '{}');
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

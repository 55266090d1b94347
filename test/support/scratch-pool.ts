import pg from 'pg';

/**
 * A small pool on a scratch database. `pool.end()` resolves before its clients have finished closing,
 * and a scratch database is then dropped with force: a client still closing is terminated, which must
 * not surface as an uncaught error in whichever test file runs next on the worker.
 */
export const scratchPool = (url: string, max = 2): pg.Pool => {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
};

import pg from 'pg';

/**
 * Every statement text `pg` sends while `work` runs, in this test file's process. Import it before
 * the service starts: the service's connections are made from `pg.Client`, so the wrapper
 * must be in place first.
 */
let sent: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  sent?.push((typeof first === 'string' ? first : (first?.text ?? '')).trim());
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

export const statementsSentDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
  sent = [];
  try {
    await work();
    return sent;
  } finally {
    sent = null;
  }
};

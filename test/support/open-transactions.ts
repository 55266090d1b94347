import type { TestService } from './test-service.js';

/**
 * Sessions of the test database, other than the asker's, inside a transaction and waiting for their
 * client: what a transaction held open across an outbound call looks like from the server.
 */
export const idleInTransaction = async (t: TestService): Promise<number> => {
  const [row] = await t.sql<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
  );
  return row?.n ?? 0;
};

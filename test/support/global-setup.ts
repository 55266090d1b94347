import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../../adapters/database/embedded-postgres-server.js';
import { createPino } from '../../adapters/logging/pino-logger.js';
import { buildService as compileService } from '../../bootstrap/build-service.js';
import { loadConfig } from '../../bootstrap/config.js';
import { buildService } from '../../bootstrap/service.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose database is the migrated template each test file copies. */
    templateDatabaseUrl: string;
    /** The name prefix of this run's scratch databases (the teardown drops any left over). */
    scratchDatabasePrefix: string;
  }
}

const TEMPLATE = `affiliate_test_template_${process.pid}`;
const SCRATCH_PREFIX = `affiliate_test_r${process.pid}_`;

/**
 * Tests run against real PostgreSQL: `TEST_DATABASE_URL` when set (CI), else an embedded server in a
 * temporary directory. Migrations run once into a template database; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: RunningPostgres | null = null;
  let dataDir: string | null = null;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'affiliate-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres', log: () => undefined });
    serverUrl = embedded.url;
  }
  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  await admin(serverUrl, async (client) => {
    await client.query(`drop database if exists "${TEMPLATE}" with (force)`);
    await client.query(`create database "${TEMPLATE}"`);
  });
  // The service compiled as `npm start` compiles it, once, for the tests that run it as a process.
  const compiled = compileService();
  // Build the full service once on the template: migrations and the job queue's schema.
  const service = await buildService({ ...loadConfig({}), runJobs: false }, templateUrl, createPino('silent'));
  await service.close();
  await compiled;
  project.provide('templateDatabaseUrl', templateUrl);
  project.provide('scratchDatabasePrefix', SCRATCH_PREFIX);

  return async () => {
    await admin(serverUrl, async (client) => {
      // Workers drop their files' databases in the background and clone one ahead: what they left.
      const left = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [SCRATCH_PREFIX]);
      for (const { datname } of left.rows) await client.query(`drop database if exists "${datname}" with (force)`);
      await client.query(`drop database if exists "${TEMPLATE}" with (force)`);
    }).catch(() => undefined);
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    // `embedded-postgres` brings async-exit-hook, which ends the process with `process.exit(0)` once its
    // loop is empty: a failed run would exit 0. The run's code, set by now, is put back as it exits.
    const code = process.exitCode;
    if (embedded && code) process.once('exit', () => void (process.exitCode = code));
  };
}

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const admin = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

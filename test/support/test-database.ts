import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const adminQuery = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A clone of the template under this run's prefix (the global teardown drops what is left of the prefix). */
const cloneTemplate = async (): Promise<string> => {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${inject('scratchDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  await adminQuery(templateUrl, `create database "${name}" template "${template}"`);
  return name;
};

// A worker runs many files one after another (isolate: false), so the next file's database is cloned
// while this file runs, and a used one is dropped while the next file runs: copying and dropping a
// database cost about as much as a small test file, and nobody has to wait for them.
let spare: Promise<string> | null = null;

const takeClone = async (): Promise<string> => {
  const next = spare ?? cloneTemplate();
  spare = null;
  let name: string;
  try {
    name = await next;
  } catch {
    name = await cloneTemplate();
  }
  spare = cloneTemplate();
  // A failed spare is cloned again when taken; nothing waits on it before then.
  spare.catch(() => undefined);
  return name;
};

/** A fresh database cloned from the migrated template: each test file gets its own, isolated. */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const templateUrl = inject('templateDatabaseUrl');
  const name = await takeClone();
  return {
    url: withDatabase(templateUrl, name),
    drop: async () => {
      // In the background: the database is never used again, and the global teardown drops any the
      // worker did not get to.
      adminQuery(templateUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    },
  };
};

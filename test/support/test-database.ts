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

/** A fresh database cloned from the migrated template: each test file gets its own, isolated. */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `affiliate_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(templateUrl, `create database "${name}" template "${template}"`);
  return {
    url: withDatabase(templateUrl, name),
    drop: () => adminQuery(templateUrl, `drop database if exists "${name}" with (force)`),
  };
};

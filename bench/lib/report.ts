import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem, availableParallelism } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { round } from './stats.js';

/** One line of the table: a scenario's value against its ceiling and target. */
export interface ResultRow {
  readonly scenario: string;
  readonly value: number;
  readonly unit: string;
  /** The ceiling's name and value (same unit), when the target is a ratio. */
  readonly ceiling?: { readonly name: string; readonly value: number };
  readonly ratio?: number;
  readonly target: string;
  /** null: no target (reported only), or the measurement was invalid. */
  readonly met: boolean | null;
  readonly detail?: Record<string, unknown>;
}

export const describeMachine = async (db: pg.Pool) => {
  const setting = async (name: string) => (await db.query(`select current_setting($1) as v`, [name])).rows[0].v as string;
  const version = (await db.query('select version() as v')).rows[0].v as string;
  let wrk = 'unknown';
  try {
    execFileSync('wrk', ['--version'], { stdio: 'pipe' });
  } catch (error) {
    wrk = String((error as { stdout?: Buffer }).stdout ?? '').split('\n')[0]?.trim() || wrk;
  }
  return {
    nproc: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    kernel: release(),
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
    node: process.version,
    postgres: version,
    postgresSettings: {
      synchronous_commit: await setting('synchronous_commit'),
      fsync: await setting('fsync'),
      shared_buffers: await setting('shared_buffers'),
      max_connections: await setting('max_connections'),
    },
    loadGenerator: wrk,
    note: 'shared machine: other work may have run at the same time; ratios are taken within one run, ceilings interleaved with scenarios',
  };
};

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

const fmt = (value: number | undefined, unit?: string) =>
  value === undefined || !Number.isFinite(value) ? '—' : `${value >= 100 ? Math.round(value) : round(value, 2)}${unit ? ` ${unit}` : ''}`;

export const table = (rows: readonly ResultRow[]): string => {
  const head = ['scenario', 'value', 'ceiling', 'ratio', 'target', 'met'];
  const body = rows.map((r) => [
    r.scenario,
    fmt(r.value, r.unit),
    r.ceiling ? `${fmt(r.ceiling.value, r.unit)} (${r.ceiling.name})` : '—',
    r.ratio === undefined ? '—' : fmt(r.ratio),
    r.target,
    r.met === null ? '—' : r.met ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => pad(c, widths[i] as number)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
};

export const writeResults = async (dir: string, results: Record<string, unknown>): Promise<string> => {
  await mkdir(dir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const file = join(dir, `${date}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
};

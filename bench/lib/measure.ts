import type pg from 'pg';
import { runLoad, type LoadRequest, type LoadResult } from './load.js';

export interface BenchSettings {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly runs: number;
  readonly connections: number;
}

/** CPU seconds used so far by the process serving `spec` and by the database cluster (null when not local). */
export type CpuMeter = (spec: LoadSpec) => Promise<{ readonly service: number; readonly db: number | null }>;

/** A run with what it cost: CPU milliseconds per request in the service and in the database. */
export interface MeasuredRun extends LoadResult {
  readonly serviceCpuMs?: number;
  readonly dbCpuMs?: number | null;
}

export interface LoadSpec {
  readonly name: string;
  /** The requests, or a function that makes fresh ones for each run (requests that must not repeat). */
  readonly requests: readonly LoadRequest[] | (() => readonly LoadRequest[]);
  readonly connections?: number;
  /** Served by another process than the service (the Node-level ceilings): its base URL and pid. */
  readonly server?: { readonly url: string; readonly pid: number };
  /**
   * Empties the rate-limit windows every 200 ms during the run too: one merchant alone would
   * otherwise reach its plan's limit within the run (the data-growth scenarios measure one merchant).
   */
  readonly resetLimitsDuringRun?: boolean;
}

/**
 * Plan limits are not what is measured: before every run the harness empties the merchants'
 * rate-limit windows (the service still counts every request; it only starts each run from zero).
 */
const RESET_EVERY_MS = 200;

export const resetRateLimits = async (db: pg.Pool) => {
  await db.query(`delete from rate_limit_windows`);
};

/**
 * Warm-up for every spec, then `runs` rounds; each round runs every spec once, in order, so a
 * ceiling and the scenarios compared with it see the same moment of a noisy machine.
 */
export const measureRounds = async (
  base: string,
  db: pg.Pool,
  settings: BenchSettings,
  specs: readonly LoadSpec[],
  during: {
    readonly cpu?: CpuMeter;
    readonly onRunStart?: (spec: LoadSpec) => void | Promise<void>;
    readonly onRunEnd?: (spec: LoadSpec, result: LoadResult) => void | Promise<void>;
  } = {},
): Promise<Map<string, MeasuredRun[]>> => {
  const results = new Map<string, MeasuredRun[]>(specs.map((s) => [s.name, []]));
  const once = async (spec: LoadSpec, seconds: number): Promise<MeasuredRun> => {
    await resetRateLimits(db);
    const before = await during.cpu?.(spec);
    // Often enough that one connection cannot spend a Scale merchant's 1,000 a minute between two resets
    // (the fastest growth read answers over 1,000 a second).
    const resetter = spec.resetLimitsDuringRun ? setInterval(() => void resetRateLimits(db).catch(() => undefined), RESET_EVERY_MS) : null;
    let result: LoadResult;
    try {
      const requests = typeof spec.requests === 'function' ? spec.requests() : spec.requests;
      result = await runLoad({ baseUrl: spec.server?.url ?? base, requests, connections: spec.connections ?? settings.connections, seconds });
    } finally {
      if (resetter) clearInterval(resetter);
    }
    const after = await during.cpu?.(spec);
    if (!before || !after || result.requests === 0) return result;
    const perRequest = (a: number, b: number) => ((a - b) * 1000) / result.requests;
    return {
      ...result,
      serviceCpuMs: perRequest(after.service, before.service),
      dbCpuMs: after.db === null || before.db === null ? null : perRequest(after.db, before.db),
    };
  };
  for (const spec of specs) {
    if (settings.warmupSeconds > 0) await once(spec, settings.warmupSeconds);
  }
  for (let round = 0; round < settings.runs; round += 1) {
    for (const spec of specs) {
      await during.onRunStart?.(spec);
      const result = await once(spec, settings.seconds);
      await during.onRunEnd?.(spec, result);
      results.get(spec.name)!.push(result);
      const cpu = result.serviceCpuMs === undefined ? '' : `, cpu/req ${result.serviceCpuMs.toFixed(3)} ms service${result.dbCpuMs == null ? '' : ` + ${result.dbCpuMs.toFixed(3)} ms db`}`;
      log(`  ${spec.name} run ${round + 1}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${cpu}${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`);
    }
  }
  return results;
};

export const log = (message: string) => process.stderr.write(`${message}\n`);

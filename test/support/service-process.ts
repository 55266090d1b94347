import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SERVICE_NODE_FLAGS, SERVICE_OUT } from '../../bootstrap/build-service.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  output(): string;
  readonly exited: Promise<number | null>;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

/**
 * The real service (`bootstrap/main.ts`) in a child process, healthy on a free port, run from the
 * build the test run's global set-up made of the sources (as `npm start` builds it): loading compiled
 * files costs a child about a second of CPU less than tsx transforming them, and no test rebuilds it
 * while another's child is loading it. `launcher: 'npm-like'` adds `npm start`'s Node flags; `'node'`
 * runs it with Node's defaults. Either way a SIGKILL hits the service alone.
 */
export const startServiceProcess = async (
  env: Record<string, string>,
  launcher: 'npm-like' | 'node' = 'node',
): Promise<ServiceProcess> => {
  const port = await freePort();
  let output = '';
  const node = join(ROOT, 'node_modules/.bin/node');
  const main = join(SERVICE_OUT, 'bootstrap', 'main.js');
  const [command, args] = launcher === 'node' ? [node, [main]] : [node, [...SERVICE_NODE_FLAGS, main]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', EXCHANGE_RATES_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { child, port, base, output: () => output, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not become healthy:\n${output}`);
};

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { buildService, SERVICE_NODE_FLAGS, SERVICE_OUT } from '../../bootstrap/build-service.js';

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
 * The real service (`bootstrap/main.ts`) in a child process, healthy on a free port.
 * `launcher: 'npm-like'` builds it and runs the build with `npm start`'s Node flags, as `npm start`
 * does; `'node'` runs the sources with tsx as a loader. Either way a SIGKILL hits the service alone.
 */
export const startServiceProcess = async (
  env: Record<string, string>,
  launcher: 'npm-like' | 'node' = 'node',
): Promise<ServiceProcess> => {
  const port = await freePort();
  let output = '';
  if (launcher === 'npm-like') await buildService();
  const node = join(ROOT, 'node_modules/.bin/node');
  const [command, args] =
    launcher === 'node' ? [node, ['--import', 'tsx', 'bootstrap/main.ts']] : [node, [...SERVICE_NODE_FLAGS, join(SERVICE_OUT, 'bootstrap', 'main.js')]];
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

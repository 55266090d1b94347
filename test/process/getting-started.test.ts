import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const GUIDE = resolve(import.meta.dirname, '../../docs/getting-started.md');

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

const fenced = (markdown: string, language: string): string[] =>
  [...markdown.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');

const run = (script: string, cwd: string) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn('bash', ['-c', script], { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('close', (code) => done({ code, output }));
  });

/**
 * The guide as a newcomer meets it: the quick start's service (its own data directory, no
 * ADMIN_TOKEN), then every shell block after the start, in order, in one shell that stops at the first
 * failure. Only the ports change, so that the test runs beside others.
 */
describe('docs/getting-started.md', () => {
  let db: ScratchDatabase;
  let service: ServiceProcess | undefined;
  let work: string;
  let receiverPort: number;

  beforeAll(async () => {
    db = await createScratchDatabase();
    work = await mkdtemp(join(tmpdir(), 'getting-started-'));
    receiverPort = await freePort();
    service = await startServiceProcess({
      DATABASE_URL: db.url,
      DATA_DIR: join(work, '.data'),
      ADMIN_TOKEN: '',
      LOG_LEVEL: 'warn',
      WEBHOOK_DEV_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}`,
    });
  });
  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    await db?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('runs as written, from the merchant to a verified webhook and an integration', async () => {
    const guide = await readFile(GUIDE, 'utf8');
    const receiver = fenced(guide, 'js');
    expect(receiver).toHaveLength(1);
    await writeFile(join(work, 'receiver.mjs'), (receiver[0] ?? '').replaceAll('4000', String(receiverPort)));

    const blocks = fenced(guide, 'sh').filter((block) => !block.includes('npm start'));
    expect(blocks.length).toBeGreaterThan(8);
    const steps = blocks
      .join('\n')
      .replaceAll('localhost:3000', `127.0.0.1:${service?.port}`)
      .replaceAll('127.0.0.1:4000', `127.0.0.1:${receiverPort}`)
      .replace('node receiver.mjs &', 'node receiver.mjs > receiver.log 2>&1 &');
    const script = [
      'set -euo pipefail',
      "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
      steps,
      // The receiver prints each delivery as it arrives; give a loaded machine a little longer than the guide's pause.
      'for _ in $(seq 1 50); do grep -q \'"event":"conversion.approved"\' receiver.log && break; sleep 0.2; done',
    ].join('\n');

    const { code, output } = await run(script, work);
    expect(code, output).toBe(0);
    const received = await readFile(join(work, 'receiver.log'), 'utf8');
    expect(received).toMatch(/verified \{"event":"ping"/);
    expect(received).toMatch(/verified \{"event":"conversion.created"/);
    expect(received).toMatch(/verified \{"event":"conversion.approved"/);
    expect(received).not.toContain('REJECTED');
    expect(output).toContain('"endpointUrl"');
  }, 120_000);
});

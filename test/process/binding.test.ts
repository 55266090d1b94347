import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../bootstrap/config.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const answers = (url: string) => fetch(url, { signal: AbortSignal.timeout(3000) }).then((r) => r.ok, () => false);

describe('the listening address (HOST)', () => {
  let running: ServiceProcess | undefined;
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  afterEach(async () => {
    running?.child.kill('SIGTERM');
    await running?.exited;
    running = undefined;
  });

  it('reads HOST, unset by default', () => {
    expect(loadConfig({}).host).toBeNull();
    expect(loadConfig({ HOST: ' 127.0.0.1 ' }).host).toBe('127.0.0.1');
  });

  it('listens on IPv6 and IPv4 loopback by default, so localhost works whichever it resolves to', async () => {
    running = await startServiceProcess({ DATABASE_URL: db.url, RUN_JOBS: '0' });
    expect(await answers(`http://127.0.0.1:${running.port}/healthz`)).toBe(true);
    expect(await answers(`http://[::1]:${running.port}/healthz`)).toBe(true);
  });

  it('HOST=127.0.0.1 keeps the service on this machine’s IPv4 loopback only', async () => {
    running = await startServiceProcess({ DATABASE_URL: db.url, RUN_JOBS: '0', HOST: '127.0.0.1' });
    expect(await answers(`http://127.0.0.1:${running.port}/healthz`)).toBe(true);
    expect(await answers(`http://[::1]:${running.port}/healthz`)).toBe(false);
    expect(running.output()).toContain('bound to 127.0.0.1');
  });
});

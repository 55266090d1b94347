import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

/** Opens a socket, sends `head` and then one byte every 200 ms; resolves with how long until the server closed it (or null). */
const trickle = (port: number, head: string, limitMs: number) =>
  new Promise<{ closedAfterMs: number | null; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const drip = setInterval(() => socket.writable && socket.write('a'), 200);
    const giveUp = setTimeout(() => finish(null), limitMs);
    const finish = (closedAfterMs: number | null) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
  });

describe('slow clients lose their socket after the configured timeouts', () => {
  let db: ScratchDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    db = await createScratchDatabase();
    service = await startServiceProcess({ DATABASE_URL: db.url, RUN_JOBS: '0', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' });
  }, 120_000);
  afterAll(async () => {
    service.child.kill('SIGKILL');
    await service.exited;
    await db.drop();
  });

  it('a body sent a byte at a time is cut off after requestTimeout with 408', async () => {
    // An authenticated write: a request without a key is refused before its body is read.
    const key = /test write key: (svc_pk_test_\S+)/.exec(service.output())?.[1];
    expect(key).toBeTruthy();
    const head = `POST /api/v1/conversions HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const { closedAfterMs, answer } = await trickle(service.port, head, 8_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(1_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('headers sent a byte at a time are cut off after headersTimeout', async () => {
    const { closedAfterMs } = await trickle(service.port, 'GET /healthz HTTP/1.1\r\nX-Slow: ', 8_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(4_000);
  }, 20_000);
});

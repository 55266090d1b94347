import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPino } from '../../adapters/logging/pino-logger.js';
import { requestLog } from '../../adapters/logging/request-log.js';

const capture = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createPino(level, stream), lines };
};

describe('request log', () => {
  it('binds the request id to every line it writes, whatever the method', async () => {
    const { logger, lines } = capture('info');
    const log = requestLog(logger, 'req-1');
    log.info({ path: '/a' }, 'request');
    log.warn({ status: 409 }, 'warned');
    log.error({ err: new Error('boom') }, 'failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.requestId, l.msg])).toEqual([
      ['req-1', 'request'],
      ['req-1', 'warned'],
      ['req-1', 'failed'],
    ]);
    expect(lines[2]!.err).toMatchObject({ message: 'boom' });
  });

  it('writes nothing below the level, and keeps requests apart', async () => {
    const { logger, lines } = capture('warn');
    requestLog(logger, 'req-a').info({}, 'quiet');
    requestLog(logger, 'req-b').error({}, 'loud');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.requestId, l.msg])).toEqual([['req-b', 'loud']]);
  });
});

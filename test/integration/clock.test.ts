import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

describe('the service clock', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ testClock: true });
  });
  afterAll(() => t.close());

  it('with TEST_CLOCK=1 the operator moves it forward and every timestamp follows', async () => {
    const set = await t.admin('POST', '/clock', { now: '2031-06-15T12:00:00.000Z' });
    expect(set.status).toBe(200);
    expect(Date.parse(set.body.data.now)).toBeGreaterThanOrEqual(Date.parse('2031-06-15T12:00:00.000Z'));
    const read = await t.admin('GET', '/clock');
    expect(Date.parse(read.body.data.now)).toBeGreaterThanOrEqual(Date.parse(set.body.data.now));
    const created = await t.admin('POST', '/merchants', { businessName: 'Later', email: 'l@x.test', plan: 'scale' });
    expect(created.body.data.createdAt.startsWith('2031-06-15')).toBe(true);
  });

  it('never moves back', async () => {
    const res = await t.admin('POST', '/clock', { now: '2020-01-01T00:00:00.000Z' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Date.parse((await t.admin('GET', '/clock')).body.data.now)).toBeGreaterThan(Date.parse('2031-01-01'));
  });

  it('keeps its position across a restart', async () => {
    const restarted = await startTestService({ testClock: true }, t.db);
    try {
      expect(Date.parse((await restarted.admin('GET', '/clock')).body.data.now)).toBeGreaterThan(Date.parse('2031-06-15'));
    } finally {
      await restarted.close();
    }
  });

  it('validates the time it is given', async () => {
    const res = await t.admin('POST', '/clock', { now: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('now');
  });
});

describe('the system clock', () => {
  it('cannot be set: POST /admin/v1/clock answers 404 without TEST_CLOCK', async () => {
    const t = await startTestService({ testClock: false });
    try {
      const res = await t.admin('POST', '/clock', { now: '2040-01-01T00:00:00.000Z' });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
      expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });
});

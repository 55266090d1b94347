import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

describe('development-only settings are logged as warnings at start', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('PAYOUT_LIVE_SANDBOX=1 and WEBHOOK_DEV_ALLOWED_HOSTS each log a warning', async () => {
    const running = await startServiceProcess({ DATABASE_URL: db.url, RUN_JOBS: '0', ADMIN_TOKEN: 'op', PAYOUT_LIVE_SANDBOX: '1', WEBHOOK_DEV_ALLOWED_HOSTS: 'hooks.local' });
    try {
      const warnings = running
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      // pino's level 40 is warn.
      expect(warnings.filter((w) => w.level === 40).map((w) => w.msg.split(':')[0])).toEqual(expect.arrayContaining(['WEBHOOK_DEV_ALLOWED_HOSTS set', 'PAYOUT_LIVE_SANDBOX=1']));
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
    }
  });
});

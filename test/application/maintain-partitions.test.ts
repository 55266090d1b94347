import { describe, expect, it } from 'vitest';
import type { MonthlyPartitions, PartitionedLog } from '../../application/ports/monthly-partitions.js';
import { MaintainPartitions } from '../../application/retention/maintain-partitions.js';

/** Months per log in memory; what the job asked for is what it holds afterwards. */
class MonthsInMemory implements MonthlyPartitions {
  readonly held = new Map<PartitionedLog, Set<string>>();
  readonly dropped: string[] = [];
  async months(log: PartitionedLog) {
    return [...(this.held.get(log) ?? [])];
  }
  async create(log: PartitionedLog, month: string) {
    const months = this.held.get(log) ?? new Set<string>();
    this.held.set(log, months);
    if (months.has(month)) return false;
    months.add(month);
    return true;
  }
  async drop(log: PartitionedLog, month: string) {
    this.held.get(log)?.delete(month);
    this.dropped.push(`${log} ${month}`);
  }
}

describe('MaintainPartitions', () => {
  it('makes each log its coming months and drops only the months past that log’s retention', async () => {
    const months = new MonthsInMemory();
    for (const m of ['2026-01-01', '2026-06-01', '2026-10-01']) {
      await months.create('clicks', m);
      await months.create('audit_log', m);
    }
    const job = new MaintainPartitions(months, {
      clicks: { monthsAhead: 1, retentionDays: 90 },
      webhook_delivery_attempts: { monthsAhead: 1, retentionDays: null },
      audit_log: { monthsAhead: 1, retentionDays: null },
      mail_outbox: { monthsAhead: 1, retentionDays: null },
      integration_events: { monthsAhead: 1, retentionDays: null },
    });
    const changed = await job.runDue(new Date('2026-11-15T12:00:00Z'));
    expect(months.dropped).toEqual(['clicks 2026-01-01', 'clicks 2026-06-01']);
    expect((await months.months('clicks')).sort()).toEqual(['2026-10-01', '2026-11-01', '2026-12-01']);
    expect((await months.months('audit_log')).sort()).toEqual(['2026-01-01', '2026-06-01', '2026-10-01', '2026-11-01', '2026-12-01']);
    expect((await months.months('mail_outbox')).sort()).toEqual(['2026-11-01', '2026-12-01']);
    expect(changed).toBe(2 + 2 + 2 + 2 + 2 + 2);
    expect(await job.runDue(new Date('2026-11-15T12:00:00Z'))).toBe(0);
  });
});

import { partitionPlan, type PartitionPolicy } from '../../domain/index.js';
import type { DueJob } from '../ports/jobs.js';
import { PARTITIONED_LOGS, type MonthlyPartitions, type PartitionedLog } from '../ports/monthly-partitions.js';

/** Makes each log's coming months ahead of time and drops the months past its retention, on the service clock. */
export class MaintainPartitions implements DueJob {
  readonly name = 'monthly-partitions';

  constructor(
    private readonly partitions: MonthlyPartitions,
    private readonly policies: Readonly<Record<PartitionedLog, PartitionPolicy>>,
  ) {}

  async runDue(now: Date): Promise<number> {
    let changed = 0;
    for (const log of PARTITIONED_LOGS) {
      const plan = partitionPlan(now, this.policies[log], await this.partitions.months(log));
      for (const month of plan.create) if (await this.partitions.create(log, month)) changed += 1;
      for (const month of plan.drop) {
        await this.partitions.drop(log, month);
        changed += 1;
      }
    }
    return changed;
  }
}

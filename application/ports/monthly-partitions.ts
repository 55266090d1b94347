/** The logs partitioned by month of their time (`created_at`; the integration events' `received_at`). */
export const PARTITIONED_LOGS = ['clicks', 'webhook_delivery_attempts', 'audit_log', 'mail_outbox', 'integration_events'] as const;
export type PartitionedLog = (typeof PARTITIONED_LOGS)[number];

/** A log's monthly partitions (months named by their first day, `YYYY-MM-01`). */
export interface MonthlyPartitions {
  months(log: PartitionedLog): Promise<string[]>;
  /** Makes the month's partition; false when it exists or the default partition already holds its rows. */
  create(log: PartitionedLog, month: string): Promise<boolean>;
  /** Drops the month's rows; clicks are first summed into daily aggregates, in the same transaction. */
  drop(log: PartitionedLog, month: string): Promise<void>;
}

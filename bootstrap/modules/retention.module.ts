import type { Container, } from '../token.js';
import { MaintainPartitions } from '../../application/retention/maintain-partitions.js';
import { SqlMonthlyPartitions } from '../../adapters/persistence/sql-monthly-partitions.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** The growing logs' monthly partitions: made ahead, dropped past their retention, by a due job. */
export const registerRetention = (c: Container): void => {
  c.register(T.MonthlyPartitions, single((r) => new SqlMonthlyPartitions(r.resolve(T.Orm))));
  c.register(
    T.MaintainPartitions,
    single((r) => {
      const config = r.resolve(T.Config);
      const policy = (retentionDays: number | null) => ({ monthsAhead: config.partitionMonthsAhead, retentionDays });
      return new MaintainPartitions(r.resolve(T.MonthlyPartitions), {
        clicks: policy(config.retentionDays.clicks),
        webhook_delivery_attempts: policy(config.retentionDays.webhookAttempts),
        audit_log: policy(config.retentionDays.auditLog),
        mail_outbox: policy(config.retentionDays.mailOutbox),
        integration_events: policy(config.retentionDays.integrationEvents),
      });
    }),
  );
  c.register(T.Job, single((r) => r.resolve(T.MaintainPartitions)));
};

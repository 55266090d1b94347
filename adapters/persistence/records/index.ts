import { ApiKeyRecord } from './api-key.record.js';
import { AuditEntryRecord } from './audit-entry.record.js';
import { MerchantRecord } from './merchant.record.js';
import { NotificationRecord } from './notification.record.js';
import { OutboxEventRecord } from './outbox-event.record.js';
import { RateLimitWindowRecord } from './rate-limit-window.record.js';
import { ServiceClockRecord } from './service-clock.record.js';

/** Every persistence record the ORM knows; each issue appends its own. */
export const ALL_RECORDS = [
  MerchantRecord,
  ApiKeyRecord,
  AuditEntryRecord,
  OutboxEventRecord,
  NotificationRecord,
  RateLimitWindowRecord,
  ServiceClockRecord,
];

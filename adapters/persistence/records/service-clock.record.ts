import { defineEntity, p } from '@mikro-orm/core';

/** The operator-set test clock, kept so that it keeps moving forward across restarts. */
export const ServiceClockRecord = defineEntity({
  name: 'ServiceClockRecord',
  tableName: 'service_clock',
  properties: {
    id: p.integer().primary(),
    offsetMs: p.bigint('number'),
  },
});

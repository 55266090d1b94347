import { defineEntity, p } from '@mikro-orm/core';

/** US dollars per one unit of `currency`, as published for `rateDate`. */
export const ExchangeRateRecord = defineEntity({
  name: 'ExchangeRateRecord',
  tableName: 'exchange_rates',
  properties: {
    currency: p.text().primary(),
    rateDate: p.date().primary(),
    usdPerUnit: p.decimal('string').precision(24).scale(12),
  },
});
export type ExchangeRateRecord = InstanceType<typeof ExchangeRateRecord.class>;

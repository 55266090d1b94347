import { defineEntity, p } from '@mikro-orm/core';

/** Server-side secrets that must outlive restarts (e.g. `click_fingerprint_salt`); never exposed. */
export const ServiceSecretRecord = defineEntity({
  name: 'ServiceSecretRecord',
  tableName: 'service_secrets',
  properties: {
    name: p.text().primary(),
    value: p.text(),
  },
});

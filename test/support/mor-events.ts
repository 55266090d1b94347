import { createHmac } from 'node:crypto';
import type { TestService } from './test-service.js';

let counter = 0;
/** A fresh id with the provider's prefix (Paddle `txn_…`, …). */
export const uniqueId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1)}`;
export const hexHmac = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

/** An integration of `provider` in the key's mode; its id and secret. */
export const integration = async (t: TestService, key: string, provider: 'mor_a' | 'mor_b' | 'mor_c', secret = uniqueId(`${provider}_secret`)) => {
  const res = await t.api('POST', '/integrations', key, { provider, signingSecret: secret, name: provider });
  if (res.status !== 201) throw new Error(`integration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id as string, secret };
};

/** Posts a raw body with the given headers to the integration's endpoint. */
export const post = (t: TestService, integrationId: string, rawBody: string, headers: Record<string, string>) =>
  t.request('POST', `/ingest/v1/${integrationId}`, { rawBody, headers: { 'content-type': 'application/json', ...headers } });

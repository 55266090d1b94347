import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, customer, deliver } from '../support/card-events.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Refused notifications of a card integration whose secret does not match the provider's. */
const refusedNotice = 'integration_signatures_rejected';

describe('an integration that keeps refusing signatures', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  const notices = async (key: string) =>
    ((await t.api('GET', '/notifications?limit=100', key)).body.data as { kind: string; message: string }[]).filter((n) => n.kind === refusedNotice);

  const refuse = async (integrationId: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const res = await deliver(t, integrationId, cardEvent('customer.created', customer({})), 'whsec_not_the_secret_0');
      expect(res.status).toBe(400);
    }
  };
  const verified = async (integrationId: string, secret: string) => {
    const res = await deliver(t, integrationId, cardEvent('customer.created', customer({})), secret);
    expect(res.status).toBe(200);
  };

  it('tells the merchant once, at the fifth refusal in a row, in the integration mode only', async () => {
    const integration = await cardIntegration(t, m.liveKey, 'Misconfigured');
    await refuse(integration.id, 4);
    expect(await notices(m.liveKey)).toEqual([]);
    await refuse(integration.id, 1);
    const told = await notices(m.liveKey);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Misconfigured');
    expect(told[0]!.message).toContain('signing secret');
    await refuse(integration.id, 3);
    expect(await notices(m.liveKey)).toHaveLength(1);
    expect(await notices(m.testKey)).toEqual([]);
    // Refused notifications leave nothing in the events log.
    expect((await t.api('GET', `/integrations/${integration.id}/events`, m.liveKey)).body.data).toEqual([]);
  });

  it('starts a new run after a verified notification, so scattered refusals never add up', async () => {
    const other = await createMerchant(t, 'scale');
    const integration = await cardIntegration(t, other.liveKey);
    await refuse(integration.id, 4);
    await verified(integration.id, integration.secret);
    await refuse(integration.id, 4);
    expect(await notices(other.liveKey)).toEqual([]);
    await refuse(integration.id, 1);
    expect(await notices(other.liveKey)).toHaveLength(1);
    // Fixed, then broken again: a new run earns a new notice.
    await verified(integration.id, integration.secret);
    await refuse(integration.id, 5);
    expect(await notices(other.liveKey)).toHaveLength(2);
    expect(await notices(m.liveKey)).toHaveLength(1);
  });
});

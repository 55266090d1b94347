import type { TestService } from './test-service.js';

export type PlanName = 'professional' | 'ultimate' | 'scale';

export interface TestMerchant {
  readonly id: string;
  readonly plan: PlanName;
  /** Live write key (read-only on Pro, where write keys do not exist). */
  readonly liveKey: string;
  readonly testKey: string;
  readonly liveReadKey: string;
}

let counter = 0;

/** A merchant with its usual keys, made through the operator API as a real operator would. */
export const createMerchant = async (
  t: TestService,
  plan: PlanName = 'scale',
  fields: Record<string, unknown> = {},
): Promise<TestMerchant> => {
  counter += 1;
  const created = await t.admin('POST', '/merchants', {
    businessName: `Merchant ${counter}`,
    email: `merchant${counter}-${Date.now()}@example.com`,
    plan,
    ...fields,
  });
  if (created.status !== 201) throw new Error(`merchant create failed: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  const write = plan !== 'professional';
  const key = async (mode: 'live' | 'test', canWrite: boolean) => {
    const res = await t.admin('POST', `/merchants/${id}/keys`, { mode, write: canWrite });
    if (res.status !== 201) throw new Error(`key create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.key as string;
  };
  return { id, plan, liveKey: await key('live', write), testKey: await key('test', write), liveReadKey: await key('live', false) };
};

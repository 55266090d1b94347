
import type { Service } from './service.js';
import { TOKENS } from './tokens.js';
import { createDemoProgram } from './demo-program.js';

export interface DemoKeys {
  readonly merchantId: string;
  readonly liveKey: string;
  readonly testKey: string;
  /** The demo user's one-time dashboard sign-in link. */
  readonly dashboardLink: string;
}

/** On an empty database without an operator token: one Scale merchant (automatic payouts, no holding period) with a live and a test write key, the demo program, and a dashboard user. */
export const createDemoMerchantIfEmpty = async (service: Service): Promise<DemoKeys | null> => {
  const c = service.container;
  const scope = c.resolve(TOKENS.RequestScope);
  return scope(async () => {
    if ((await c.resolve(TOKENS.MerchantRepository).count()) > 0) return null;
    const merchant = await c.resolve(TOKENS.CreateMerchant).execute({
      businessName: 'Demo Merchant',
      email: 'demo@example.com',
      plan: 'scale',
      // Approved sales queue their payouts, due at once: the demo has a payout to pay by hand.
      automaticPayouts: true,
      payoutHoldingDays: 0,
    });
    const issue = c.resolve(TOKENS.IssueApiKey);
    const live = (await issue.execute({ merchantId: merchant.id, mode: 'live', write: true, name: 'Demo live key' }))._unsafeUnwrap();
    const test = (await issue.execute({ merchantId: merchant.id, mode: 'test', write: true, name: 'Demo test key' }))._unsafeUnwrap();
    await createDemoProgram(c, merchant.id, live.key);
    // The demo owner of the dashboard, signed in once by a printed link (a password can be set from there).
    const user = (await c.resolve(TOKENS.AddMerchantUser).execute({ merchantId: merchant.id, email: 'demo@example.com', role: 'owner', invitedBy: null }))._unsafeUnwrap();
    const dashboardLink = await c.resolve(TOKENS.UserLinks).issue(user, 'merchant_sign_in', merchant.businessName);
    return { merchantId: merchant.id, liveKey: live.token, testKey: test.token, dashboardLink };
  });
};

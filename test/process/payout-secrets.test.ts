import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStub, type PayPalStub } from '../support/provider-stubs/paypal-stub.js';
import { startStripeStub, type StripeStub } from '../support/provider-stubs/stripe-stub.js';
import { startWiseStub, type WiseStub } from '../support/provider-stubs/wise-stub.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const TOKEN = 'op-token';
const STRIPE_SECRET = 'sk_live_51SecretsTestStripeKey0000042';
const PAYPAL_SECRET = 'EPaypalClientSecret-4f9c2b7e1d';
const WRONG_PAYPAL_SECRET = 'EWrongPaypalClientSecret-0a1b2c';
const WISE_TOKEN = 'wise-api-token-7c3e9a1f-5b2d';

/**
 * The three providers' credentials travel through the service (pasted, sealed, opened for each
 * payment, refused once) and never come out: not in a response, a log line (debug level), an audit
 * row or any column of any table, in plain text or as the Basic header they are sent in.
 */
describe('payout provider secrets never leave the service', () => {
  let db: ScratchDatabase;
  let sql: pg.Pool;
  let stripe: StripeStub;
  let paypal: PayPalStub;
  let wise: WiseStub;
  let service: ServiceProcess | null = null;

  beforeAll(async () => {
    db = await createScratchDatabase();
    sql = scratchPool(db.url);
    stripe = await startStripeStub();
    stripe.keys.add(STRIPE_SECRET);
    paypal = await startPayPalStub('paypal-client-id', PAYPAL_SECRET);
    wise = await startWiseStub(WISE_TOKEN);
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null) service.child.kill('SIGKILL');
    await sql.end();
    await Promise.all([stripe.close(), paypal.close(), wise.close()]);
    await db.drop();
  });

  const rows = async (text: string, params: unknown[] = []) => (await sql.query(text, params)).rows;

  it('pays through the wallet and the bank-transfer service, is refused once, and shows no secret anywhere', async () => {
    service = await startServiceProcess(
      {
        DATABASE_URL: db.url,
        ADMIN_TOKEN: TOKEN,
        TEST_CLOCK: '1',
        RUN_JOBS: '0',
        LOG_LEVEL: 'debug',
        STRIPE_API_BASE: stripe.base,
        PAYPAL_API_BASE: paypal.base,
        WISE_API_BASE: wise.base,
        SECRET_KEY: 'cd'.repeat(32),
      },
      'node',
    );
    const port = service.port;
    const responses: string[] = [];
    const call = async (method: string, path: string, key: string, body?: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      responses.push(text);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text).data;
    };
    const admin = (method: string, path: string, body?: unknown) => call(method, `/admin/v1${path}`, TOKEN, body);

    const program = async (name: string) => {
      const merchant = await admin('POST', '/merchants', { businessName: name, email: `${name.toLowerCase()}@example.com`, plan: 'scale', automaticPayouts: true, payoutHoldingDays: 0 });
      const key = (await admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true })).key as string;
      const campaign = await call('POST', '/api/v1/campaigns', key, { name: `${name} campaign`, commissionType: 'percentage', commissionValue: 100, autoApproveAffiliates: true });
      const payee = async (method: 'wallet_a' | 'transfer_b', amount: number) => {
        const signed = await admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: `${method}-${name.toLowerCase()}@example.com`, campaignId: campaign.id });
        await admin('POST', `/affiliates/${signed.affiliateId}/payout-details`, { method, email: `pay-${method}-${name.toLowerCase()}@example.com` });
        const sale = await call('POST', '/api/v1/conversions', key, { campaignId: campaign.id, affiliateId: signed.affiliateId, amount });
        await call('PATCH', `/api/v1/conversions/${sale.id}`, key, { status: 'approved' });
      };
      return { merchant, key, payee };
    };

    const paying = await program('Paying');
    await call('PUT', '/api/v1/payout-providers/connect', paying.key, { secretKey: STRIPE_SECRET });
    await call('PUT', '/api/v1/payout-providers/wallet_a', paying.key, { clientId: paypal.clientId, clientSecret: PAYPAL_SECRET });
    await call('PUT', '/api/v1/payout-providers/transfer_b', paying.key, { apiToken: WISE_TOKEN, profileId: wise.profileId });
    await call('GET', '/api/v1/payout-providers', paying.key);
    await paying.payee('wallet_a', 12.5);
    await paying.payee('transfer_b', 20);

    // A merchant whose pasted wallet secret is wrong: the wallet refuses, the service logs why.
    const refused = await program('Refused');
    await call('PUT', '/api/v1/payout-providers/wallet_a', refused.key, { clientId: paypal.clientId, clientSecret: WRONG_PAYPAL_SECRET });
    await refused.payee('wallet_a', 9);

    await admin('POST', '/jobs/run');
    await admin('POST', '/jobs/run');

    // The secrets were really used: the wallet and the bank-transfer service were paid with them.
    expect(paypal.batches.size).toBe(1);
    expect(wise.transfers.size).toBe(1);
    const statuses = await rows(`select m.business_name, p.status, p.failure_reason from payouts p join merchants m on m.id = p.merchant_id order by 1, 2`);
    expect(statuses).toEqual([
      { business_name: 'Paying', status: 'processing', failure_reason: null },
      { business_name: 'Paying', status: 'processing', failure_reason: null },
      // Not paid with another merchant's token for the same client id: refused, tried again later.
      { business_name: 'Refused', status: 'scheduled', failure_reason: 'provider_credentials_rejected' },
    ]);

    await call('DELETE', '/api/v1/payout-providers/transfer_b', paying.key);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);

    // Every column of every table, as text.
    const tables = await rows(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const dump: string[] = [];
    for (const { table_name } of tables) dump.push(JSON.stringify(await rows(`select t::text as row from "${table_name}" t`)));
    const audit = JSON.stringify(await rows(`select * from audit_log`));
    expect(audit).toContain('/payout-providers/wallet_a');
    const basic = (id: string, secret: string) => Buffer.from(`${id}:${secret}`).toString('base64');
    const secrets = [STRIPE_SECRET, PAYPAL_SECRET, WRONG_PAYPAL_SECRET, WISE_TOKEN, basic(paypal.clientId, PAYPAL_SECRET), basic(paypal.clientId, WRONG_PAYPAL_SECRET)];
    const output = service.output();
    // Debug level: every request (the credential PUTs included) has its line.
    expect(output.match(/"msg":"request"/g)?.length).toBeGreaterThanOrEqual(responses.length);
    for (const [where, text] of [
      ['log', output],
      ['responses', responses.join('\n')],
      ['audit', audit],
      ['database', dump.join('\n')],
    ] as const) {
      for (const secret of secrets) expect(text.includes(secret), `${where} shows ${secret}`).toBe(false);
    }
  }, 240_000);
});

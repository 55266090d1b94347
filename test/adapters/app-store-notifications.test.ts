import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Environment, SignedDataVerifier, VerificationException, VerificationStatus } from '@apple/app-store-server-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStoreNotifications } from '../../adapters/providers/app-store/app-store-notifications.js';
import { readRootCertificates } from '../../adapters/providers/app-store/app-store-root-certificates.js';
import type { Integration } from '../../domain/index.js';
import { appleNotificationBody, appleTransaction, makeChain, signJws, type TestChain } from '../support/app-store-signing.js';

const fixturePath = (name: string) => fileURLToPath(new URL(`../fixtures/apple/${name}`, import.meta.url));
const signed = (name: string) => readFileSync(fixturePath(`mock_signed_data/${name}`), 'utf8').trim();
const APPLE_TEST_ROOT = fixturePath('certs/testCA.der');

const integration = (fields: Partial<Integration> = {}): Integration => ({
  id: '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e',
  merchantId: '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7f',
  mode: 'test',
  provider: 'app_store',
  name: null,
  signingSecret: null,
  bundleId: 'com.example',
  appAppleId: 1234,
  active: true,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...fields,
});
const body = (signedPayload: string) => ({ rawBody: JSON.stringify({ signedPayload }), header: () => undefined });

describe("Apple's own signed test data", () => {
  const reader = new AppStoreNotifications(readRootCertificates([APPLE_TEST_ROOT]), false);

  it('the library accepts the test notification, transaction and renewal info in Sandbox, and refuses them in Production', async () => {
    const sandbox = new SignedDataVerifier(readRootCertificates([APPLE_TEST_ROOT]), false, Environment.SANDBOX, 'com.example', 1234);
    expect((await sandbox.verifyAndDecodeNotification(signed('testNotification'))).notificationType).toBe('TEST');
    expect((await sandbox.verifyAndDecodeTransaction(signed('transactionInfo'))).bundleId).toBe('com.example');
    expect((await sandbox.verifyAndDecodeRenewalInfo(signed('renewalInfo'))).environment).toBe('Sandbox');
    const production = new SignedDataVerifier(readRootCertificates([APPLE_TEST_ROOT]), false, Environment.PRODUCTION, 'com.example', 1234);
    await expect(production.verifyAndDecodeNotification(signed('testNotification'))).rejects.toMatchObject({ status: VerificationStatus.INVALID_ENVIRONMENT });
    await expect(sandbox.verifyAndDecodeNotification(signed('wrongBundleId'))).rejects.toMatchObject({ status: VerificationStatus.INVALID_APP_IDENTIFIER });
    await expect(sandbox.verifyAndDecodeNotification(signed('missingX5CHeaderClaim'))).rejects.toBeInstanceOf(VerificationException);
  });

  it('the reader turns the TEST notification into an ignored delivery under its notificationUUID', async () => {
    const read = await reader.read(body(signed('testNotification')), integration());
    expect(read._unsafeUnwrap()).toMatchObject({
      provider: 'app_store',
      eventId: '9ad56bd2-0bc6-42e0-af24-fd996d87a1e6',
      type: 'TEST',
      livemode: false,
      fact: null,
      ignoredBecause: expect.stringContaining("Apple's test notification"),
    });
  });

  it('a Sandbox notification at a live integration and another app are recorded as ignored, saying why', async () => {
    const live = await reader.read(body(signed('testNotification')), integration({ mode: 'live' }));
    expect(live._unsafeUnwrap()).toMatchObject({
      fact: null,
      ignoredBecause: 'TEST: a Sandbox-environment notification reached a live integration (Production); connect a test integration for it',
    });
    const otherApp = await reader.read(body(signed('wrongBundleId')), integration());
    expect(otherApp._unsafeUnwrap().ignoredBecause).toBe("TEST: the notification is for app com.example.wrong, not this integration's com.example (Apple ID 1234)");
  });

  it('refuses a payload without its certificate chain, a non-JWS and a body without signedPayload', async () => {
    expect((await reader.read(body(signed('missingX5CHeaderClaim')), integration()))._unsafeUnwrapErr().kind).toBe('invalid_signature');
    expect((await reader.read(body('not.a.jws'), integration()))._unsafeUnwrapErr().kind).toBe('invalid_signature');
    expect((await reader.read({ rawBody: '{"payload": 1}', header: () => undefined }, integration()))._unsafeUnwrapErr().kind).toBe('invalid_json');
    expect((await reader.read({ rawBody: '{"signedPayload": ', header: () => undefined }, integration()))._unsafeUnwrapErr().kind).toBe('invalid_json');
  });
});

describe('the App Store reader with a generated chain', () => {
  let chain: TestChain;
  let stranger: TestChain;
  const app = { bundleId: 'com.example', appAppleId: 1234, environment: 'Production' as const };
  const live = integration({ mode: 'live' });

  beforeAll(async () => {
    [chain, stranger] = await Promise.all([makeChain(), makeChain('Stranger')]);
  });

  it('a SUBSCRIBED notification becomes a sale: milli-units exact, transaction as order, original transaction as subscription', async () => {
    const reader = new AppStoreNotifications(readRootCertificates([chain.rootPath]), false);
    const transaction = appleTransaction(app, { price: 10_990, currency: 'USD', appAccountToken: '7E3FB20B-4CDB-47CC-936D-99D65F608138' });
    const raw = await appleNotificationBody(chain, app, { type: 'SUBSCRIBED', subtype: 'INITIAL_BUY', transaction, renewal: {} });
    const notice = (await reader.read({ rawBody: raw, header: () => undefined }, live))._unsafeUnwrap();
    expect(notice).toMatchObject({ type: 'SUBSCRIBED/INITIAL_BUY', livemode: true, ignoredBecause: null });
    expect(notice.fact).toMatchObject({
      kind: 'sale',
      orderId: transaction.transactionId,
      subscriptionId: transaction.originalTransactionId,
      clickId: '7e3fb20b-4cdb-47cc-936d-99d65f608138',
      customer: { providerCustomerId: transaction.originalTransactionId },
    });
    if (notice.fact?.kind !== 'sale') throw new Error('not a sale');
    expect(notice.fact.figures.amount.toFixed()).toBe('10.99');
    expect(notice.fact.figures.currency).toBe('usd');
  });

  it('refuses a chain to a root that is not configured, a tampered payload and a forged inner transaction', async () => {
    const reader = new AppStoreNotifications(readRootCertificates([chain.rootPath]), false);
    const foreign = await appleNotificationBody(stranger, app, { type: 'ONE_TIME_CHARGE', transaction: appleTransaction(app) });
    expect((await reader.read({ rawBody: foreign, header: () => undefined }, live))._unsafeUnwrapErr()).toMatchObject({ kind: 'invalid_signature' });
    const genuine = JSON.parse(await appleNotificationBody(chain, app, { type: 'ONE_TIME_CHARGE', transaction: appleTransaction(app) })).signedPayload as string;
    const [header, payload, signature] = genuine.split('.');
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), notificationType: 'REFUND' })).toString('base64url');
    expect((await reader.read(body(`${header}.${changed}.${signature}`), live))._unsafeUnwrapErr().kind).toBe('invalid_signature');
    // The outer payload is genuine, the transaction inside it is signed by a stranger.
    const notification = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    notification.data.signedTransactionInfo = await signJws(stranger, appleTransaction(app));
    const inner = await reader.read(body(await signJws(chain, notification)), live);
    expect(inner._unsafeUnwrapErr()).toMatchObject({ kind: 'invalid_signature', message: expect.stringContaining('signed transaction') });
  });

  it('without root certificates nothing verifies: refused as unavailable (503, the App Store retries)', async () => {
    const reader = new AppStoreNotifications([], false);
    expect(reader.unavailableBecause()).toContain('APP_STORE_ROOT_CERTS');
    const raw = await appleNotificationBody(chain, app, { type: 'ONE_TIME_CHARGE', transaction: appleTransaction(app) });
    expect((await reader.read({ rawBody: raw, header: () => undefined }, live))._unsafeUnwrapErr()).toMatchObject({ kind: 'verification_unavailable' });
  });

  it('reads roots from DER and PEM files and stops on a file that is no certificate', () => {
    expect(readRootCertificates([APPLE_TEST_ROOT, chain.rootPath]).map((c) => c.length)).toEqual([readFileSync(APPLE_TEST_ROOT).length, chain.rootDer.length]);
    expect(() => readRootCertificates([fixturePath('SOURCES.md')])).toThrow(/not a certificate/);
    expect(() => readRootCertificates(['/nonexistent/apple-root.cer'])).toThrow(/cannot read/);
  });
});

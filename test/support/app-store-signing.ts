// @peculiar/x509 resolves its parts through tsyringe, which needs the metadata polyfill loaded first.
import 'reflect-metadata';
import { randomUUID, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** Apple's marker extensions, which its library requires: on the signing leaf, and on the intermediate (WWDR). */
const LEAF_OID = '1.2.840.113635.100.6.11.1';
const INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
const ASN1_NULL = new Uint8Array([0x05, 0x00]);
const DAY = 86_400_000;

/** A certificate chain shaped like Apple's (root, intermediate, leaf with Apple's OIDs) and the leaf's key. */
export interface TestChain {
  readonly rootDer: Buffer;
  /** The root written to a file, as `APP_STORE_ROOT_CERTS` takes it. */
  readonly rootPath: string;
  readonly x5c: readonly string[];
  readonly leafKey: webcrypto.CryptoKey;
}

const keys = () => webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

export const makeChain = async (name = 'Test'): Promise<TestChain> => {
  const notBefore = new Date(Date.now() - DAY);
  const notAfter = new Date(Date.now() + 3650 * DAY);
  const [rootKeys, intermediateKeys, leafKeys] = await Promise.all([keys(), keys(), keys()]);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name} Root CA - G3, O=Test, C=US`,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${name} WWDR CA, O=Test, C=US`,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      new x509.Extension(INTERMEDIATE_OID, false, ASN1_NULL),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: `CN=${name} Prod ECC Mac App Store and iTunes Store Receipt Signing, O=Test, C=US`,
    issuer: intermediate.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), new x509.Extension(LEAF_OID, false, ASN1_NULL)],
  });
  const rootDer = Buffer.from(root.rawData);
  const rootPath = join(mkdtempSync(join(tmpdir(), 'apple-root-')), 'root.pem');
  writeFileSync(rootPath, root.toString('pem'));
  return {
    rootDer,
    rootPath,
    x5c: [leaf, intermediate, root].map((c) => Buffer.from(c.rawData).toString('base64')),
    leafKey: leafKeys.privateKey,
  };
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ES256 JWS with the chain in `x5c`, as the App Store signs (WebCrypto's ECDSA signature is the JWS r‖s form). */
export const signJws = async (chain: TestChain, payload: unknown): Promise<string> => {
  const input = `${b64url({ alg: 'ES256', x5c: chain.x5c })}.${b64url(payload)}`;
  const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, chain.leafKey, Buffer.from(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
};

const model = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../fixtures/apple/models/${name}.json`, import.meta.url), 'utf8'));

let counter = 0;
export const transactionId = () => `${2_000_000_000_000 + Date.now() * 10 + (counter += 1)}`;

export interface AppleApp {
  readonly bundleId: string;
  readonly appAppleId: number;
  readonly environment: 'Production' | 'Sandbox';
}

/**
 * A decoded transaction: Apple's published example (`signedTransaction.json`) without its refund and
 * Advanced Commerce fields, for this app, with the fields a case sets.
 */
export const appleTransaction = (app: AppleApp, fields: Record<string, unknown> = {}) => {
  const {
    revocationReason: _reason,
    revocationDate: _date,
    advancedCommerceInfo: _commerce,
    commitmentInfo: _commitment,
    billingPlanType: _plan,
    offerType: _offerType,
    offerIdentifier: _offerIdentifier,
    offerDiscountType: _discountType,
    offerPeriod: _period,
    isUpgraded: _upgraded,
    ...base
  } = model('signedTransaction');
  const id = transactionId();
  return { ...base, transactionId: id, originalTransactionId: id, bundleId: app.bundleId, environment: app.environment, signedDate: Date.now(), ...fields };
};

/** The POST body the App Store sends: `{"signedPayload": <JWS>}` whose data holds the signed transaction (and renewal info). */
export const appleNotificationBody = async (
  chain: TestChain,
  app: AppleApp,
  notification: { type: string; subtype?: string; uuid?: string; transaction?: Record<string, unknown>; renewal?: Record<string, unknown> },
) => {
  const base = model('signedNotification');
  const data: Record<string, unknown> = { ...base.data, environment: app.environment, bundleId: app.bundleId, appAppleId: app.appAppleId };
  delete data.signedTransactionInfo;
  delete data.signedRenewalInfo;
  if (notification.transaction) data.signedTransactionInfo = await signJws(chain, notification.transaction);
  if (notification.renewal) {
    // The published example's appAccountToken names no click here; a case sets its own.
    const { advancedCommerceInfo: _c, commitmentInfo: _m, appAccountToken: _token, ...renewal } = model('signedRenewalInfo');
    data.signedRenewalInfo = await signJws(chain, { ...renewal, environment: app.environment, signedDate: Date.now(), ...notification.renewal });
  }
  const payload: Record<string, unknown> = { ...base, notificationType: notification.type, notificationUUID: notification.uuid ?? randomUUID(), signedDate: Date.now(), data };
  if (notification.subtype) payload.subtype = notification.subtype;
  else delete payload.subtype;
  return JSON.stringify({ signedPayload: await signJws(chain, payload) });
};

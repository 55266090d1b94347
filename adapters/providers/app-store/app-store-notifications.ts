import { Environment, SignedDataVerifier, VerificationException, VerificationStatus } from '@apple/app-store-server-library';
import { err, ok, type Result } from 'neverthrow';
import type { NotificationRefusal, ProviderNotificationReader, RawNotification } from '../../../application/ports/provider-notifications.js';
import type { Integration, ProviderNotice } from '../../../domain/index.js';
import { obj, type Json } from '../shared/json-fields.js';
import { parsedJsonBody } from '../shared/notification-checks.js';
import { appStoreFacts, label, type AppStoreTransaction } from './app-store-facts.js';

/** Verifiers kept (one per app and environment); with online checks on, each caches its certificate checks for 15 minutes. */
const MAX_VERIFIERS = 256;

const NO_ROOTS =
  'no Apple root certificates are configured on this service: the operator sets APP_STORE_ROOT_CERTS to Apple Root CA - G3 (see docs/integrations.md)';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const environmentOf = (integration: Integration): Environment => (integration.mode === 'live' ? Environment.PRODUCTION : Environment.SANDBOX);

/** A JWS's payload, read without checking: only after Apple's library verified its signature. */
const payloadOf = (jws: string): Json | null => {
  try {
    return obj(JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')));
  } catch {
    return null;
  }
};

const refusal = (kind: NotificationRefusal['kind'], message: string): Result<never, NotificationRefusal> => err({ kind, message });

/**
 * The `app_store` provider: App Store Server Notifications v2. The body `{"signedPayload": "<JWS>"}`
 * and the transaction and renewal info inside it are verified by Apple's official library
 * (`SignedDataVerifier`: ES256 over an x5c chain that must lead to a configured root, Apple's
 * certificate OIDs, the app's bundle id, its Apple ID in Production, and the environment the
 * integration's mode names). Authentic notifications for another app or environment are recorded as
 * ignored with why, so Apple stops retrying and the merchant sees the mismatch.
 */
export class AppStoreNotifications implements ProviderNotificationReader {
  readonly provider = 'app_store' as const;
  private readonly verifiers = new Map<string, SignedDataVerifier>();

  constructor(
    private readonly rootCertificates: readonly Buffer[],
    private readonly onlineChecks: boolean,
  ) {}

  /** Why no app_store integration can verify anything on this service, or null. */
  unavailableBecause(): string | null {
    return this.rootCertificates.length === 0 ? NO_ROOTS : null;
  }

  private verifierFor(integration: Integration, bundleId: string): SignedDataVerifier {
    const environment = environmentOf(integration);
    const key = `${environment}|${bundleId}|${integration.appAppleId ?? ''}`;
    let verifier = this.verifiers.get(key);
    if (!verifier) {
      verifier = new SignedDataVerifier([...this.rootCertificates], this.onlineChecks, environment, bundleId, integration.appAppleId ?? undefined);
      if (this.verifiers.size >= MAX_VERIFIERS) this.verifiers.delete(this.verifiers.keys().next().value!);
      this.verifiers.set(key, verifier);
    }
    return verifier;
  }

  async read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>> {
    const unavailable = this.unavailableBecause();
    if (unavailable) return refusal('verification_unavailable', `App Store notifications cannot be verified: ${unavailable}`);
    if (!integration.bundleId) return refusal('verification_unavailable', 'The integration names no bundle id');
    if (integration.mode === 'live' && integration.appAppleId === null) return refusal('verification_unavailable', "The live integration names no appAppleId (Apple's Production environment needs it)");
    const body = parsedJsonBody(notification.rawBody);
    if (body.isErr()) return err(body.error);
    const signedPayload = str(obj(body.value)?.signedPayload);
    if (!signedPayload) return refusal('invalid_json', 'The body is not an App Store notification ({"signedPayload": "<JWS>"})');
    const verifier = this.verifierFor(integration, integration.bundleId);

    let decoded: Awaited<ReturnType<SignedDataVerifier['verifyAndDecodeNotification']>>;
    try {
      decoded = await verifier.verifyAndDecodeNotification(signedPayload);
    } catch (error) {
      return this.refused(error, signedPayload, integration);
    }
    const eventId = str(decoded.notificationUUID);
    const notificationType = str(decoded.notificationType);
    if (!eventId || !notificationType) return refusal('invalid_json', 'The notification has no notificationUUID or notificationType');
    const subtype = str(decoded.subtype);

    let transaction: AppStoreTransaction | null = null;
    let renewalAppAccountToken: string | null = null;
    try {
      const signedTransaction = str(decoded.data?.signedTransactionInfo);
      if (signedTransaction) transaction = await verifier.verifyAndDecodeTransaction(signedTransaction);
      const signedRenewal = str(decoded.data?.signedRenewalInfo);
      if (signedRenewal) renewalAppAccountToken = str((await verifier.verifyAndDecodeRenewalInfo(signedRenewal)).appAccountToken);
    } catch (error) {
      return this.refusedInner(error);
    }
    const event = { notificationType, subtype, transaction, renewalAppAccountToken };
    return ok({ provider: 'app_store', eventId, type: label(event), livemode: integration.mode === 'live', ...appStoreFacts(event) });
  }

  /** An authentic notification for another app or environment is recorded as ignored; anything else is refused. */
  private refused(error: unknown, signedPayload: string, integration: Integration): Result<ProviderNotice, NotificationRefusal> {
    const status = error instanceof VerificationException ? error.status : null;
    if (status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) {
      return refusal('verification_unavailable', "Apple's certificate status (OCSP) could not be checked; the App Store retries the notification");
    }
    if (status !== VerificationStatus.INVALID_APP_IDENTIFIER && status !== VerificationStatus.INVALID_ENVIRONMENT) {
      return refusal('invalid_signature', `The signed payload does not verify against the configured Apple root certificates (${status === null ? 'unreadable' : VerificationStatus[status]})`);
    }
    // Apple's library checks the app and environment only after the signature and chain verified.
    const payload = payloadOf(signedPayload);
    const eventId = str(payload?.notificationUUID);
    const notificationType = str(payload?.notificationType);
    if (!payload || !eventId || !notificationType) return refusal('invalid_json', 'The notification has no notificationUUID or notificationType');
    const data = obj(payload.data) ?? obj(payload.summary) ?? {};
    const type = label({ notificationType, subtype: str(payload.subtype) });
    const expected = environmentOf(integration);
    const environment = str(data.environment);
    const ignoredBecause =
      status === VerificationStatus.INVALID_ENVIRONMENT
        ? `${type}: a ${environment ?? 'unknown'}-environment notification reached a ${integration.mode} integration (${expected}); connect a ${environment === Environment.PRODUCTION ? 'live' : 'test'} integration for it`
        : `${type}: the notification is for app ${String(data.bundleId ?? 'unknown')}${data.appAppleId ? ` (Apple ID ${String(data.appAppleId)})` : ''}, not this integration's ${integration.bundleId}${integration.appAppleId ? ` (Apple ID ${integration.appAppleId})` : ''}`;
    return ok({ provider: 'app_store', eventId, type, livemode: null, fact: null, ignoredBecause });
  }

  private refusedInner(error: unknown): Result<never, NotificationRefusal> {
    const status = error instanceof VerificationException ? error.status : null;
    if (status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) {
      return refusal('verification_unavailable', "Apple's certificate status (OCSP) could not be checked; the App Store retries the notification");
    }
    return refusal('invalid_signature', `The notification's signed transaction or renewal info does not verify (${status === null ? 'unreadable' : VerificationStatus[status]})`);
  }
}

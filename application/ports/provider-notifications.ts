import type { Result } from 'neverthrow';
import type { CouponProvider, Integration, ProviderNotice } from '../../domain/index.js';

/** A notification as it arrived: the exact body (signatures cover its bytes) and its headers. */
export interface RawNotification {
  readonly rawBody: string;
  header(name: string): string | undefined;
}

/**
 * Why a notification is refused before anything is recorded. `verification_unavailable`: the service
 * cannot verify it now (no root certificates configured, the certificate status service unreachable);
 * it answers 503, so the provider retries.
 */
export interface NotificationRefusal {
  readonly kind: 'invalid_signature' | 'invalid_json' | 'verification_unavailable';
  readonly message: string;
}

/**
 * One payment provider's notification format: verifies the provider's signature over the raw body
 * with the integration's settings (its signing secret, or for signed payloads the provider's
 * certificates; with the provider's own library where it has one) and translates the event into the
 * neutral `ProviderNotice`. Adding a provider is one more adapter.
 */
export interface ProviderNotificationReader {
  readonly provider: CouponProvider;
  read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>>;
  /** Why no integration of this provider can be verified on this service (its configuration is missing), or null. */
  unavailableBecause?(): string | null;
}

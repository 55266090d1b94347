import { err, ok, type Result } from 'neverthrow';
import { COUPON_PROVIDERS, type CouponProvider } from '../coupon/coupon.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

export const INTEGRATION_NAME_MAX = 120;
export const SIGNING_SECRET_MIN = 8;
export const SIGNING_SECRET_MAX = 500;
/** Apple's bundle identifiers: letters, digits, hyphens and periods, at most 155 characters. */
export const BUNDLE_ID_MAX = 155;
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/** Providers whose notifications are verified by the provider's certificates, not a shared secret. */
export const CERTIFICATE_SIGNED_PROVIDERS: readonly CouponProvider[] = ['app_store'];
export const usesSigningSecret = (provider: CouponProvider): boolean => !CERTIFICATE_SIGNED_PROVIDERS.includes(provider);

/**
 * A merchant's connection to one payment provider in one mode: the provider posts its signed
 * notifications to the integration's endpoint, verified with `signingSecret` (write-only), or for
 * `app_store` with Apple's certificates against the app named by `bundleId` and `appAppleId` (the
 * mode picks Apple's environment: live is Production, test is Sandbox).
 */
export interface Integration {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly provider: CouponProvider;
  readonly name: string | null;
  /** Null for providers that sign with certificates (`app_store`). */
  readonly signingSecret: string | null;
  /** `app_store` only: the app's bundle id, which every notification must name. */
  readonly bundleId: string | null;
  /** `app_store` only: the app's Apple ID; Apple's library needs it for Production (live). */
  readonly appAppleId: number | null;
  readonly active: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface IntegrationChanges {
  readonly name?: string | null | undefined;
  readonly signingSecret?: string | undefined;
  readonly bundleId?: string | undefined;
  readonly appAppleId?: number | null | undefined;
  readonly active?: boolean | undefined;
}

export interface NewIntegration {
  readonly provider: string;
  readonly signingSecret?: string | undefined;
  readonly name?: string | null | undefined;
  readonly bundleId?: string | undefined;
  readonly appAppleId?: number | null | undefined;
}

const secretProblems = (secret: string | undefined): FieldProblem[] => {
  if (secret === undefined) return [];
  const trimmed = secret.trim();
  if (trimmed.length < SIGNING_SECRET_MIN || trimmed.length > SIGNING_SECRET_MAX || /\s/.test(trimmed)) {
    return [{ field: 'signingSecret', message: `must be ${SIGNING_SECRET_MIN} to ${SIGNING_SECRET_MAX} characters without spaces, as the provider shows it` }];
  }
  return [];
};

const bundleIdProblems = (bundleId: string | undefined): FieldProblem[] => {
  if (bundleId === undefined) return [];
  const trimmed = bundleId.trim();
  if (trimmed.length === 0 || trimmed.length > BUNDLE_ID_MAX || !BUNDLE_ID.test(trimmed)) {
    return [{ field: 'bundleId', message: `must be the app's bundle id as in App Store Connect (letters, digits, hyphens and periods; at most ${BUNDLE_ID_MAX} characters)` }];
  }
  return [];
};

const appAppleIdProblems = (appAppleId: number | null | undefined, mode: Mode): FieldProblem[] => {
  if (appAppleId === undefined || appAppleId === null) {
    return mode === 'live' ? [{ field: 'appAppleId', message: "is required for a live integration (Apple's Production environment); it is the app's Apple ID in App Store Connect" }] : [];
  }
  return Number.isSafeInteger(appAppleId) && appAppleId > 0 ? [] : [{ field: 'appAppleId', message: "must be the app's Apple ID, a positive whole number" }];
};

/** The settings each provider takes: a signing secret, or for `app_store` the app's identity. */
const providerSettingsProblems = (provider: CouponProvider, input: Omit<NewIntegration, 'provider' | 'name'>, mode: Mode): FieldProblem[] => {
  if (!usesSigningSecret(provider)) {
    const problems: FieldProblem[] = [];
    if (input.signingSecret !== undefined) problems.push({ field: 'signingSecret', message: `is not used by ${provider}: its notifications are verified with Apple's certificates` });
    if (input.bundleId === undefined) problems.push({ field: 'bundleId', message: `is required for ${provider}` });
    return [...problems, ...bundleIdProblems(input.bundleId), ...appAppleIdProblems(input.appAppleId, mode)];
  }
  const problems: FieldProblem[] = [];
  if (input.signingSecret === undefined) problems.push({ field: 'signingSecret', message: `is required for ${provider}` });
  for (const field of ['bundleId', 'appAppleId'] as const) {
    if (input[field] !== undefined && input[field] !== null) problems.push({ field, message: 'is only for provider app_store' });
  }
  return [...problems, ...secretProblems(input.signingSecret)];
};

const nameProblems = (name: string | null | undefined): FieldProblem[] =>
  name && name.trim().length > INTEGRATION_NAME_MAX ? [{ field: 'name', message: `must be at most ${INTEGRATION_NAME_MAX} characters` }] : [];

const failed = (problems: FieldProblem[]): DomainError =>
  domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);

export interface NewIntegrationContext {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly now: Date;
  /** The providers this service can read notifications of. */
  readonly supported: readonly CouponProvider[];
  /** Supported providers that cannot verify anything on this service yet, with why (e.g. no root certificates configured). */
  readonly unavailable?: Readonly<Partial<Record<CouponProvider, string>>>;
}

/** A new integration, with the settings its provider takes, or every broken rule as one `validation_error`. */
export const createIntegration = (input: NewIntegration, context: NewIntegrationContext): Result<Integration, DomainError> => {
  const problems: FieldProblem[] = [];
  if (!(COUPON_PROVIDERS as readonly string[]).includes(input.provider)) {
    problems.push({ field: 'provider', message: `must be one of ${COUPON_PROVIDERS.join(', ')}` });
  } else if (!context.supported.includes(input.provider as CouponProvider)) {
    problems.push({ field: 'provider', message: `${input.provider} is not supported yet (supported: ${context.supported.join(', ')})` });
  } else {
    const provider = input.provider as CouponProvider;
    const unavailable = context.unavailable?.[provider];
    if (unavailable) problems.push({ field: 'provider', message: `${provider} cannot be connected on this service yet: ${unavailable}` });
    problems.push(...providerSettingsProblems(provider, input, context.mode));
  }
  problems.push(...nameProblems(input.name));
  if (problems.length > 0) return err(failed(problems));
  const name = input.name?.trim();
  return ok({
    id: context.id,
    merchantId: context.merchantId,
    mode: context.mode,
    provider: input.provider as CouponProvider,
    name: name ? name : null,
    signingSecret: input.signingSecret?.trim() ?? null,
    bundleId: input.bundleId?.trim() ?? null,
    appAppleId: input.appAppleId ?? null,
    active: true,
    createdAt: context.now,
    updatedAt: context.now,
  });
};

const changeProblems = (integration: Integration, changes: IntegrationChanges): FieldProblem[] => {
  if (usesSigningSecret(integration.provider)) {
    const problems: FieldProblem[] = [];
    for (const field of ['bundleId', 'appAppleId'] as const) {
      if (changes[field] !== undefined) problems.push({ field, message: 'is only for provider app_store' });
    }
    return [...problems, ...secretProblems(changes.signingSecret)];
  }
  const problems: FieldProblem[] = [];
  if (changes.signingSecret !== undefined) {
    problems.push({ field: 'signingSecret', message: `is not used by ${integration.provider}: its notifications are verified with Apple's certificates` });
  }
  problems.push(...bundleIdProblems(changes.bundleId));
  if (changes.appAppleId !== undefined) problems.push(...appAppleIdProblems(changes.appAppleId, integration.mode));
  return problems;
};

/** Renames, pauses or changes the provider settings (secret, or app identity) of an integration. */
export const updateIntegration = (integration: Integration, changes: IntegrationChanges, now: Date): Result<Integration, DomainError> => {
  const problems = [...changeProblems(integration, changes), ...nameProblems(changes.name)];
  if (problems.length > 0) return err(failed(problems));
  const name = changes.name === undefined ? integration.name : changes.name?.trim() ? changes.name.trim() : null;
  return ok({
    ...integration,
    name,
    signingSecret: changes.signingSecret === undefined ? integration.signingSecret : changes.signingSecret.trim(),
    bundleId: changes.bundleId === undefined ? integration.bundleId : changes.bundleId.trim(),
    appAppleId: changes.appAppleId === undefined ? integration.appAppleId : changes.appAppleId,
    active: changes.active ?? integration.active,
    updatedAt: now,
  });
};

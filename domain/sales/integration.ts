import { err, ok, type Result } from 'neverthrow';
import { COUPON_PROVIDERS, type CouponProvider } from '../coupon/coupon.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

export const INTEGRATION_NAME_MAX = 120;
export const SIGNING_SECRET_MIN = 8;
export const SIGNING_SECRET_MAX = 500;

/**
 * A merchant's connection to one payment provider in one mode: the provider posts its signed
 * notifications to the integration's endpoint, verified with `signingSecret` (write-only).
 */
export interface Integration {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly provider: CouponProvider;
  readonly name: string | null;
  readonly signingSecret: string;
  readonly active: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface IntegrationChanges {
  readonly name?: string | null | undefined;
  readonly signingSecret?: string | undefined;
  readonly active?: boolean | undefined;
}

const secretProblems = (secret: string | undefined): FieldProblem[] => {
  if (secret === undefined) return [];
  const trimmed = secret.trim();
  if (trimmed.length < SIGNING_SECRET_MIN || trimmed.length > SIGNING_SECRET_MAX || /\s/.test(trimmed)) {
    return [{ field: 'signingSecret', message: `must be ${SIGNING_SECRET_MIN} to ${SIGNING_SECRET_MAX} characters without spaces, as the provider shows it` }];
  }
  return [];
};

const nameProblems = (name: string | null | undefined): FieldProblem[] =>
  name && name.trim().length > INTEGRATION_NAME_MAX ? [{ field: 'name', message: `must be at most ${INTEGRATION_NAME_MAX} characters` }] : [];

const failed = (problems: FieldProblem[]): DomainError =>
  domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);

/** A new integration; `supported` lists the providers this service can read notifications of. */
export const createIntegration = (
  input: { readonly provider: string; readonly signingSecret: string; readonly name?: string | null | undefined },
  context: { readonly id: string; readonly merchantId: string; readonly mode: Mode; readonly now: Date; readonly supported: readonly CouponProvider[] },
): Result<Integration, DomainError> => {
  const problems: FieldProblem[] = [];
  if (!(COUPON_PROVIDERS as readonly string[]).includes(input.provider)) {
    problems.push({ field: 'provider', message: `must be one of ${COUPON_PROVIDERS.join(', ')}` });
  } else if (!context.supported.includes(input.provider as CouponProvider)) {
    problems.push({ field: 'provider', message: `${input.provider} is not supported yet (supported: ${context.supported.join(', ')})` });
  }
  problems.push(...secretProblems(input.signingSecret), ...nameProblems(input.name));
  if (problems.length > 0) return err(failed(problems));
  const name = input.name?.trim();
  return ok({
    id: context.id,
    merchantId: context.merchantId,
    mode: context.mode,
    provider: input.provider as CouponProvider,
    name: name ? name : null,
    signingSecret: input.signingSecret.trim(),
    active: true,
    createdAt: context.now,
    updatedAt: context.now,
  });
};

export const updateIntegration = (integration: Integration, changes: IntegrationChanges, now: Date): Result<Integration, DomainError> => {
  const problems = [...secretProblems(changes.signingSecret), ...nameProblems(changes.name)];
  if (problems.length > 0) return err(failed(problems));
  const name = changes.name === undefined ? integration.name : changes.name?.trim() ? changes.name.trim() : null;
  return ok({
    ...integration,
    name,
    signingSecret: changes.signingSecret === undefined ? integration.signingSecret : changes.signingSecret.trim(),
    active: changes.active ?? integration.active,
    updatedAt: now,
  });
};

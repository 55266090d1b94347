import { err, ok, type Result } from 'neverthrow';
import { PAYOUT_METHODS, type PayoutMethod } from '../conversion/conversion.js';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

/** How the affiliate record came to exist: through `POST /affiliates`, or by signing up itself. */
export const AFFILIATE_ORIGINS = ['api', 'signup'] as const;
export type AffiliateOrigin = (typeof AFFILIATE_ORIGINS)[number];

/** Payout methods whose details are an email address (the others never expose any detail). */
const EMAIL_PAYOUT_METHODS: ReadonlySet<PayoutMethod> = new Set(['wallet_a', 'transfer_b']);

/**
 * One merchant's affiliate: that merchant's record of a person, in one mode. The email is unique per
 * merchant and mode (case-insensitive); the same person at another merchant is another record, with
 * its own id, name, login and payout details, and nothing links the two. It joins the merchant's
 * campaigns through `Membership`s. Test keys create test affiliates.
 */
export interface Affiliate {
  readonly id: string;
  readonly merchantId: string;
  readonly email: string;
  readonly name: string;
  readonly isTest: boolean;
  /** No login account (created through the API): a tracking and payout record the merchant pays directly. */
  readonly headless: boolean;
  readonly createdVia: AffiliateOrigin;
  /** Short public code, unique at the merchant: the second segment of tracking links (the first names the campaign). */
  readonly refCode: string;
  readonly payoutMethod: PayoutMethod | null;
  /** Only for `wallet_a` and `transfer_b`; null for `connect`. */
  readonly payoutEmail: string | null;
  /** When payout details were first completed; `affiliate.payout_details_completed` fires then, once. */
  readonly payoutDetailsCompletedAt: Date | null;
  /** The merchant's own notes about the affiliate; never shown to the affiliate. */
  readonly notes: string;
  /** The merchant's short labels for the affiliate, each once (case-insensitive), in the order given. */
  readonly tags: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const affiliateMode = (affiliate: Pick<Affiliate, 'isTest'>): Mode => (affiliate.isTest ? 'test' : 'live');

export const EMAIL_MAX = 320;
export const AFFILIATE_NAME_MAX = 200;

/** A pragmatic address check (the one the HTTP layer applies too): local@domain.tld, no spaces. */
export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Emails compare case-insensitively everywhere. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export interface NewAffiliate {
  readonly id: string;
  readonly merchantId: string;
  readonly email: string;
  /** Defaults to the email. */
  readonly name?: string | null | undefined;
  readonly mode: Mode;
  readonly createdVia: AffiliateOrigin;
  readonly refCode: string;
  readonly now: Date;
}

export const newAffiliate = (input: NewAffiliate): Result<Affiliate, DomainError> => {
  const email = input.email.trim();
  if (!isEmail(email)) return err(validationError('email', 'must be a valid email address'));
  const name = input.name?.trim() || email;
  if (name.length > AFFILIATE_NAME_MAX) return err(validationError('name', `must be at most ${AFFILIATE_NAME_MAX} characters`));
  return ok({
    id: input.id,
    merchantId: input.merchantId,
    email,
    name,
    isTest: input.mode === 'test',
    // An affiliate made through the API has no login account; one who signs up has.
    headless: input.createdVia === 'api',
    createdVia: input.createdVia,
    refCode: input.refCode,
    payoutMethod: null,
    payoutEmail: null,
    payoutDetailsCompletedAt: null,
    notes: '',
    tags: [],
    createdAt: input.now,
    updatedAt: input.now,
  });
};

/** A person with a login account signs up at a merchant with the email of that merchant's record: it is theirs now. */
export const claimBySignup = (affiliate: Affiliate, now: Date): Affiliate =>
  affiliate.headless ? { ...affiliate, headless: false, updatedAt: now } : affiliate;

export interface PayoutDetailsInput {
  readonly method: PayoutMethod;
  readonly email?: string | null | undefined;
}

export interface PayoutDetailsEventPayload {
  readonly affiliateId: string;
  readonly payoutMethod: PayoutMethod;
  /** null for `connect`; bank and account details are never part of it. */
  readonly payoutEmail: string | null;
  readonly completedAt: string;
}

export interface PayoutDetailsChange {
  readonly affiliate: Affiliate;
  /** `affiliate.payout_details_completed`, only the first time details are completed. */
  readonly events: readonly { readonly type: 'affiliate.payout_details_completed'; readonly payload: PayoutDetailsEventPayload }[];
}

/**
 * Saves the payout method (and its email for `wallet_a` / `transfer_b`). Details are complete once a
 * method is set with what it needs; the completion event fires the first time only.
 */
export const savePayoutDetails = (
  affiliate: Affiliate,
  input: PayoutDetailsInput,
  now: Date,
): Result<PayoutDetailsChange, DomainError> => {
  if (!(PAYOUT_METHODS as readonly string[]).includes(input.method)) {
    return err(validationError('method', `must be one of ${PAYOUT_METHODS.join(', ')}`));
  }
  let payoutEmail: string | null = null;
  if (EMAIL_PAYOUT_METHODS.has(input.method)) {
    const email = input.email?.trim() ?? '';
    if (!email) return err(validationError('email', `is required for ${input.method}`));
    if (!isEmail(email)) return err(validationError('email', 'must be a valid email address'));
    payoutEmail = email;
  }
  const firstCompletion = affiliate.payoutDetailsCompletedAt === null;
  const next: Affiliate = {
    ...affiliate,
    payoutMethod: input.method,
    payoutEmail,
    payoutDetailsCompletedAt: affiliate.payoutDetailsCompletedAt ?? now,
    updatedAt: now,
  };
  const events = firstCompletion
    ? [
        {
          type: 'affiliate.payout_details_completed' as const,
          payload: { affiliateId: next.id, payoutMethod: input.method, payoutEmail, completedAt: now.toISOString() },
        },
      ]
    : [];
  return ok({ affiliate: next, events });
};

/** `403 affiliate_limit_reached`: the plan's affiliate limit (null = none) leaves no room for `adding` more. */
export const checkAffiliateLimit = (
  limit: number | null,
  current: number,
  adding = 1,
): Result<void, DomainError<'affiliate_limit_reached'>> =>
  limit === null || current + adding <= limit
    ? ok(undefined)
    : err(
        domainError(
          'affiliate_limit_reached',
          `The plan's affiliate limit of ${limit} is reached (${current} affiliates); no more can be added`,
        ),
      );

export const duplicateAffiliateEmail = (): DomainError<'duplicate'> =>
  domainError('duplicate', 'An affiliate with this email already exists', [{ field: 'email', message: 'is already registered' }]);

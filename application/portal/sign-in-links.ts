import { err, ok, type Result } from 'neverthrow';
import { domainError, type Affiliate, type DomainError, type Merchant } from '../../domain/index.js';
import type { TrackingLinks } from '../affiliates/tracking-links.js';
import { signInLinkMail } from '../mail/templates/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { LinkTokens } from '../web-sessions/link-tokens.js';
import type { SignInThrottle } from '../web-sessions/sign-in-throttle.js';
import type { SessionSubject } from '../web-sessions/web-session.js';

/** How long an emailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The portal's sign-in page for a token: `<portal base>/sign-in/<token>`. */
export const signInLinkUrl = (portalBase: string, token: string): string => `${portalBase}/sign-in/${token}`;

/**
 * Emails an affiliate a single-use sign-in link to one merchant's portal (inside the caller's
 * transaction: the link exists only if the message is recorded).
 */
export class SignInLinkSender {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly mailer: Mailer,
    private readonly links: TrackingLinks,
  ) {}

  async send(merchant: Merchant, affiliate: Affiliate): Promise<void> {
    const token = await this.tokens.issue({
      subject: { kind: 'affiliate', id: affiliate.id, merchantId: merchant.id },
      purpose: 'affiliate_sign_in',
      validForMs: SIGN_IN_LINK_MINUTES * 60_000,
    });
    await this.mailer.send(
      signInLinkMail({
        merchantId: merchant.id,
        brand: merchant.businessName,
        to: affiliate.email,
        link: signInLinkUrl(this.links.portalBase(merchant), token),
        validForMinutes: SIGN_IN_LINK_MINUTES,
      }),
    );
  }
}

/**
 * The account a portal's sign-in throttle counts: the email at that merchant, since each merchant's
 * portal has its own accounts (requests at one merchant's portal never slow another's).
 */
export const portalAccount = (merchantId: string, email: string): string => `${merchantId}/${email.trim().toLowerCase()}`;

export const rateLimited = (retryAfterSeconds: number): DomainError<'rate_limit_exceeded'> =>
  domainError('rate_limit_exceeded', `Too many requests; try again in ${retryAfterSeconds} seconds`);

export interface SignInRequest {
  readonly merchantId: string;
  readonly email: string;
  readonly address: string | null;
}

/**
 * An affiliate asks for a sign-in link at one merchant's portal. Throttled per client address and
 * per email at that merchant before anything is looked up. The answer never says whether the address
 * has an account: a link goes out only to the merchant's live affiliate with that email and a login
 * account (not headless). Another merchant's affiliate with the same email is never looked at.
 */
export class RequestSignInLink {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttle: SignInThrottle,
    private readonly merchants: MerchantRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly sender: SignInLinkSender,
  ) {}

  async execute(request: SignInRequest): Promise<Result<void, DomainError>> {
    const verdict = await this.throttle.attempt('portal', request.address, portalAccount(request.merchantId, request.email));
    if (!verdict.allowed) return err(rateLimited(verdict.retryAfterSeconds));
    await this.uow.transaction(async () => {
      const merchant = await this.merchants.findById(request.merchantId);
      if (!merchant) return;
      const affiliate = await this.affiliates.findByEmail({ merchantId: merchant.id, mode: 'live' }, request.email.trim());
      // Headless (API-created) affiliates have no login account (spec).
      if (!affiliate || affiliate.headless) return;
      await this.sender.send(merchant, affiliate);
    });
    return ok(undefined);
  }
}

/** Consumes an emailed sign-in link: what it grants, once, and only at the merchant it was made for. */
export class SignInWithLink {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tokens: LinkTokens,
  ) {}

  execute(merchantId: string, token: string): Promise<SessionSubject | null> {
    return this.uow.transaction(async () => {
      const grant = await this.tokens.consume(token, 'affiliate_sign_in');
      if (!grant || grant.subject.kind !== 'affiliate' || grant.subject.merchantId !== merchantId) return null;
      return grant.subject;
    });
  }
}

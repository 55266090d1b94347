import { err, ok, type Result } from 'neverthrow';
import { domainError, validationError, type DomainError } from '../../domain/index.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantUserRepository } from '../ports/merchant-user-repository.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { LinkTokens } from '../web-sessions/link-tokens.js';
import type { WebSessions } from '../web-sessions/web-sessions.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizeEmail, type MerchantUser } from './merchant-user.js';
import { userSubject, type UserLinks } from './user-links.js';

export const invalidLink = (): DomainError => domainError('invalid_link', 'This link is invalid, used or expired. Ask for a new one.');

/** Setting a password through an emailed link, and asking for a reset link. */
export class UserPasswords {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: MerchantUserRepository,
    private readonly hasher: PasswordHasher,
    private readonly linkTokens: LinkTokens,
    private readonly userLinks: UserLinks,
    private readonly sessions: WebSessions,
    private readonly merchants: MerchantRepository,
  ) {}

  /**
   * Consumes a `set_password` or `reset_password` link and sets the password; every session the user
   * had ends (a reset locks out whoever knew the old password). The caller signs the browser in.
   */
  async setWithLink(token: string, purpose: 'set_password' | 'reset_password', password: string): Promise<Result<MerchantUser, DomainError>> {
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      return err(validationError('password', `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`));
    }
    // Hashed before the transaction: argon2 takes tens of milliseconds a connection need not wait.
    const passwordHash = await this.hasher.hash(password);
    return this.uow.transaction(async () => {
      const grant = await this.linkTokens.consume(token, purpose);
      if (!grant || grant.subject.kind !== 'merchant_user') return err(invalidLink());
      const user = await this.users.findById(grant.subject.merchantId, grant.subject.id);
      if (!user) return err(invalidLink());
      await this.users.setPasswordHash(user.id, passwordHash);
      await this.sessions.endEverywhere(userSubject(user));
      return ok({ ...user, passwordHash });
    });
  }

  /** Mails a reset link when the email has an account; answers the same either way (no account discovery). */
  async requestReset(email: string): Promise<void> {
    await this.uow.transaction(async () => {
      const user = await this.users.findByEmail(normalizeEmail(email));
      const merchant = user ? await this.merchants.findById(user.merchantId) : null;
      if (user && merchant) await this.userLinks.issue(user, 'reset_password', merchant.businessName);
    });
  }
}

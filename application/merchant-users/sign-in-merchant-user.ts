import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../../domain/index.js';
import type { MerchantUserRepository } from '../ports/merchant-user-repository.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { LinkTokens } from '../web-sessions/link-tokens.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail, type MerchantUser } from './merchant-user.js';
import { invalidLink } from './user-passwords.js';

const refused = (): DomainError => domainError('invalid_credentials', 'Email or password is wrong');

/** Checks a user's email and password (the caller throttles attempts first), or a one-time sign-in link. */
export class SignInMerchantUser {
  private decoy: Promise<string> | null = null;

  constructor(
    private readonly users: MerchantUserRepository,
    private readonly hasher: PasswordHasher,
    private readonly linkTokens: LinkTokens,
  ) {}

  async withPassword(email: string, password: string): Promise<Result<MerchantUser, DomainError>> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (password.length > MAX_PASSWORD_LENGTH) return err(refused());
    if (!user?.passwordHash) {
      // A hash is checked either way, so the answer's timing does not tell which emails have accounts.
      this.decoy ??= this.hasher.hash('decoy password that matches nothing');
      await this.hasher.verify(await this.decoy, password);
      return err(refused());
    }
    return (await this.hasher.verify(user.passwordHash, password)) ? ok(user) : err(refused());
  }

  /** Consumes a `merchant_sign_in` link (the demo user's first sign-in). */
  async withLink(token: string): Promise<Result<MerchantUser, DomainError>> {
    const grant = await this.linkTokens.consume(token, 'merchant_sign_in');
    if (!grant || grant.subject.kind !== 'merchant_user') return err(invalidLink());
    const user = await this.users.findById(grant.subject.merchantId, grant.subject.id);
    return user ? ok(user) : err(invalidLink());
  }
}

import { err, ok, type Result } from 'neverthrow';
import { domainError, validationError, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantUserRepository } from '../ports/merchant-user-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import { normalizeEmail, type MerchantUser, type MerchantUserRole } from './merchant-user.js';
import type { UserLinks } from './user-links.js';

export interface AddMerchantUserInput {
  readonly merchantId: string;
  readonly email: string;
  readonly role: MerchantUserRole;
  readonly managePayouts?: boolean | undefined;
  /** The owner inviting from the dashboard; null when the operator creates the user. */
  readonly invitedBy: Pick<MerchantUser, 'role' | 'merchantId'> | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The operator's first user of a merchant, or an owner's invitation: the user exists without a
 * password and is mailed a single-use link to set one (in the same transaction).
 */
export class AddMerchantUser {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly users: MerchantUserRepository,
    private readonly links: UserLinks,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: AddMerchantUserInput): Promise<Result<MerchantUser, DomainError>> {
    const email = normalizeEmail(input.email);
    if (!EMAIL.test(email) || email.length > 320) return Promise.resolve(err(validationError('email', 'must be an email address')));
    if (input.invitedBy && (input.invitedBy.role !== 'owner' || input.invitedBy.merchantId !== input.merchantId)) {
      return Promise.resolve(err(insufficientPermissions('Only owners invite users')));
    }
    return this.uow.transaction(async () => {
      const merchant = await this.merchants.findById(input.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const user: MerchantUser = {
        id: this.ids.next(),
        merchantId: merchant.id,
        email,
        role: input.role,
        managePayouts: input.role === 'owner' || (input.managePayouts ?? false),
        passwordHash: null,
        createdAt: this.clock.now(),
      };
      if ((await this.users.insert(user)) === 'exists') return err(domainError('duplicate', 'A user with this email already exists'));
      await this.links.issue(user, 'set_password', merchant.businessName);
      return ok(user);
    });
  }
}

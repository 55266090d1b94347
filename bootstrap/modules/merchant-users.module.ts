import type { Container } from '../token.js';
import type { MerchantUserAdminUseCases } from '../../adapters/http/admin/merchant-users.routes.js';
import { Argon2PasswordHasher } from '../../adapters/passwords/argon2-password-hasher.js';
import { SqlMerchantUserRepository } from '../../adapters/persistence/repositories/sql-merchant-user-repository.js';
import { AddMerchantUser } from '../../application/merchant-users/add-merchant-user.js';
import { SignInMerchantUser } from '../../application/merchant-users/sign-in-merchant-user.js';
import { UserLinks } from '../../application/merchant-users/user-links.js';
import { UserPasswords } from '../../application/merchant-users/user-passwords.js';
import { single } from './single.js';
import { TOKENS as T } from '../tokens.js';

/** Dashboard users: accounts, argon2id passwords, their emailed links. */
export const registerMerchantUsers = (c: Container): void => {
  c.register(T.MerchantUserRepository, single((r) => new SqlMerchantUserRepository(r.resolve(T.Orm))));
  c.register(T.PasswordHasher, single(() => new Argon2PasswordHasher()));
  c.register(
    T.UserLinks,
    single((r) => new UserLinks(r.resolve(T.LinkTokens), r.resolve(T.Mailer), r.resolve(T.Config).publicBaseUrl)),
  );
  c.register(
    T.AddMerchantUser,
    single(
      (r) =>
        new AddMerchantUser(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(T.MerchantUserRepository), r.resolve(T.UserLinks), r.resolve(T.Ids), r.resolve(T.Clock)),
    ),
  );
  c.register(
    T.UserPasswords,
    single(
      (r) =>
        new UserPasswords(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantUserRepository),
          r.resolve(T.PasswordHasher),
          r.resolve(T.LinkTokens),
          r.resolve(T.UserLinks),
          r.resolve(T.WebSessions),
          r.resolve(T.MerchantRepository),
        ),
    ),
  );
  c.register(T.SignInMerchantUser, single((r) => new SignInMerchantUser(r.resolve(T.MerchantUserRepository), r.resolve(T.PasswordHasher), r.resolve(T.LinkTokens))));
};

export const merchantUserAdminDependencies = (c: Container): MerchantUserAdminUseCases => ({ addMerchantUser: c.resolve(T.AddMerchantUser) });

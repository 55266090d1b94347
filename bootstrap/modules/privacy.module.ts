import type { Container, } from '../token.js';
import { PersonalDataRequests } from '../../application/privacy/personal-data-requests.js';
import type { PrivacyRouteDependencies } from '../../adapters/http/routes/privacy.routes.js';
import { SqlPersonalData } from '../../adapters/persistence/repositories/privacy/sql-personal-data.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Personal data on request: an affiliate's copy, erasure of an affiliate or a customer (docs/privacy.md). */
export const registerPrivacy = (c: Container): void => {
  c.register(T.PersonalData, single((r) => new SqlPersonalData(r.resolve(T.Orm))));
  c.register(
    T.PersonalDataRequests,
    single((r) => new PersonalDataRequests(r.resolve(T.UnitOfWork), r.resolve(T.PersonalData), r.resolve(T.EventOutbox), r.resolve(T.Clock))),
  );
};

export const privacyHttp = (c: Container): { privacy: PrivacyRouteDependencies } => ({
  privacy: { personalData: c.resolve(T.PersonalDataRequests) },
});

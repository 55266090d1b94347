import { domainError, type DomainError } from '../../domain/index.js';

/** Failures every use case may answer with; the HTTP adapter maps each code to its status. */
export const notFound = (what: string): DomainError<'not_found'> => domainError('not_found', `${what} not found`);
export const unauthorized = (message = 'Missing or invalid API key'): DomainError<'unauthorized'> =>
  domainError('unauthorized', message);
export const insufficientPermissions = (message: string): DomainError<'insufficient_permissions'> =>
  domainError('insufficient_permissions', message);
export const planInsufficient = (message: string): DomainError<'plan_insufficient'> =>
  domainError('plan_insufficient', message);

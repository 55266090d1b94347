import { isUuid } from '../../ids/uuid-v7-generator.js';
import { ApiError } from '../api-error.js';

/**
 * Ids are UUIDs; anything else cannot exist, so it is a 404 and never reaches the database. The
 * composite id of a search result (`campaign:<id>`, `conversion:<id>`, ...) names the same record.
 */
export const requireId = (value: string, what: string): string => {
  const prefix = `${what.toLowerCase()}:`;
  const id = value.toLowerCase().startsWith(prefix) ? value.slice(prefix.length) : value;
  if (!isUuid(id)) throw new ApiError('not_found', `${what} not found`);
  return id.toLowerCase();
};

/** A body id that is not a UUID names nothing that exists: 404, like an unknown one. */
export const knownId = (value: string, what: string) => {
  if (!isUuid(value)) throw new ApiError('not_found', `${what} not found`);
  return value.toLowerCase();
};

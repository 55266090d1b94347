import { isUuid } from '../../ids/uuid-v7-generator.js';
import { ApiError } from '../api-error.js';

/** Ids are UUIDs; anything else cannot exist, so it is a 404 and never reaches the database. */
export const requireId = (value: string, what: string): string => {
  if (!isUuid(value)) throw new ApiError('not_found', `${what} not found`);
  return value.toLowerCase();
};

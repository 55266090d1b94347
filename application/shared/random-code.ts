import { randomInt } from 'node:crypto';

/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i): safe to read out and to put in a URL. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random public code (tracking codes, ref codes). 8 characters carry about 39 bits. */
export const randomCode = (length = 8): string => {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
};

/** How many fresh codes a create draws before giving up on collisions (each is ~1 in 10^11). */
export const CODE_ATTEMPTS = 5;

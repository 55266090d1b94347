import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';

/**
 * argon2id through @node-rs/argon2 (prebuilt, maintained) with its defaults (19 MiB, 2 passes, the
 * OWASP minimum). The PHC string carries its own parameters, so raising them later still verifies old hashes.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}

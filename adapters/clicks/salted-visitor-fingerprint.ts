import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { VisitorFingerprint } from '../../application/ports/visitor-fingerprint.js';
import { poolDb, type Orm } from '../persistence/orm.js';

/**
 * SHA-256 over a server-side salt, the visitor's address and user agent. The salt is created by the
 * migration and kept in `service_secrets`, so fingerprints stay stable across restarts and processes
 * while the stored hash cannot be reversed into an address by anyone without the database.
 */
export class SaltedVisitorFingerprint implements VisitorFingerprint {
  private salt: Promise<string> | null = null;

  constructor(private readonly orm: Orm) {}

  async of(address: string | null, userAgent: string | null): Promise<string> {
    const salt = await this.loadSalt();
    return createHash('sha256')
      .update(`${salt}\n${address ?? ''}\n${userAgent ?? ''}`)
      .digest('hex');
  }

  private loadSalt(): Promise<string> {
    this.salt ??= sql<{ value: string }>`select value from service_secrets where name = 'click_fingerprint_salt'`
      .execute(poolDb(this.orm))
      .then(({ rows }) => {
        if (!rows[0]) throw new Error('service_secrets has no click_fingerprint_salt');
        return rows[0].value;
      })
      .catch((error: unknown) => {
        this.salt = null;
        throw error;
      });
    return this.salt;
  }
}

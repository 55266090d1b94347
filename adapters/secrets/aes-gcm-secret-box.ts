import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SealedSecret, SecretBox } from '../../application/ports/secret-box.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Reads a 256-bit key given as 64 hex characters or as base64 of 32 bytes. Anything else is refused,
 * so a short passphrase never becomes a weak key by accident.
 */
export const parseSecretKey = (text: string, name = 'SECRET_KEY'): Buffer => {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)) return decoded;
  throw new Error(`${name} must be 32 bytes, written as 64 hex characters or base64 (e.g. \`openssl rand -hex 32\`)`);
};

/** A fresh key in the form `parseSecretKey` reads. */
export const generateSecretKey = (): string => randomBytes(32).toString('hex');

/** A short, non-secret name of a key: which key sealed a value. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update('secret-box-key-id').update(key).digest('hex').slice(0, 12);

/**
 * AES-256-GCM through node:crypto: a random 96-bit IV per value, the 128-bit tag, the storage context as
 * additional authenticated data. `previous` keys only open (rotation: values are resealed with the
 * current key at start).
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(
    private readonly current: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    this.currentKeyId = keyIdOf(current);
    this.keys.set(this.currentKeyId, current);
    for (const key of previous) this.keys.set(keyIdOf(key), key);
  }

  seal(plaintext: string, context: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId: this.currentKeyId };
  }

  open(secret: SealedSecret, context: string): string {
    const key = this.keys.get(secret.keyId);
    if (!key) throw new Error(`no key ${secret.keyId} to open a sealed secret (set SECRET_KEY_PREVIOUS during a rotation)`);
    const raw = Buffer.from(secret.sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

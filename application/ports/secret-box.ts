/** A secret sealed for storage, with the id of the key that sealed it (for rotation). */
export interface SealedSecret {
  readonly sealed: string;
  readonly keyId: string;
}

/**
 * Authenticated encryption of secrets at rest. `context` binds a sealed value to where it is stored
 * (a sealed value copied to another row does not open).
 */
export interface SecretBox {
  readonly currentKeyId: string;
  seal(plaintext: string, context: string): SealedSecret;
  /** Throws when the value was tampered with, or sealed with a key this process does not hold. */
  open(secret: SealedSecret, context: string): string;
}

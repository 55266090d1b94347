/** What the shared windows said of one password attempt, each bucket as `consume` decided it. */
export interface SignInCounts {
  /** Every attempt from the client's address, whatever the account. */
  readonly address: { readonly allowed: boolean; readonly retryAfterSeconds: number };
  /** Attempts on this account from this address. */
  readonly accountAndAddress: { readonly allowed: boolean; readonly retryAfterSeconds: number };
  /** Attempts on this account from every address together (null: not asked, the attempt was refused first). */
  readonly account: { readonly allowed: boolean } | null;
}

export type PasswordVerdict = { readonly allowed: true; readonly delayMs: number } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * A password attempt is refused only for what its own address did: too many attempts from the
 * address, or on this account from the address. An account tried too often from everywhere together
 * is slowed, never closed, so whoever hammers it from elsewhere cannot keep its owner out.
 */
export const passwordVerdict = (counts: SignInCounts, slowDelayMs: number): PasswordVerdict => {
  if (!counts.address.allowed) return { allowed: false, retryAfterSeconds: Math.max(1, counts.address.retryAfterSeconds) };
  if (!counts.accountAndAddress.allowed) return { allowed: false, retryAfterSeconds: Math.max(1, counts.accountAndAddress.retryAfterSeconds) };
  return { allowed: true, delayMs: counts.account && !counts.account.allowed ? slowDelayMs : 0 };
};

import type { Clock } from '../ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';

export interface SignInLimits {
  /** Attempts per minute from one client address (every account together). */
  readonly perAddressPerMinute: number;
  /** Attempts per minute on one account (every address together): slows guessing one password from many machines. */
  readonly perAccountPerMinute: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAddressPerMinute: 20, perAccountPerMinute: 5 };

export type ThrottleVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Counts sign-in attempts (and requests for emailed links) per client address and per account, in
 * the shared rate-limit windows, before any password is checked. `scope` keeps surfaces apart
 * (`dashboard`, `portal`): a merchant user and an affiliate with the same email do not share a count.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  async attempt(scope: string, address: string | null, account: string): Promise<ThrottleVerdict> {
    const now = this.clock.now();
    const byAddress = await this.limiter.consume(`sign-in:${scope}:address:${address ?? 'unknown'}`, this.limits.perAddressPerMinute, now);
    if (!byAddress.allowed) return { allowed: false, retryAfterSeconds: byAddress.retryAfterSeconds };
    const byAccount = await this.limiter.consume(`sign-in:${scope}:account:${account.trim().toLowerCase()}`, this.limits.perAccountPerMinute, now);
    if (!byAccount.allowed) return { allowed: false, retryAfterSeconds: byAccount.retryAfterSeconds };
    return { allowed: true };
  }
}

import type { Clock } from '../ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import { passwordVerdict, type PasswordVerdict } from './sign-in-policy.js';

export interface SignInLimits {
  /** Attempts per minute from one client address (every account together). */
  readonly perAddressPerMinute: number;
  /** Password attempts per minute on one account from one address. */
  readonly perAccountAndAddressPerMinute: number;
  /** Emailed-link requests and joins per minute for one email (every address together): spares its mailbox. */
  readonly perAccountPerMinute: number;
  /** Password attempts per minute on one account, every address together, before each further one is slowed. */
  readonly accountSlowAfterPerMinute: number;
  /** How long a slowed attempt waits before its password is checked. */
  readonly accountSlowDelayMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddressPerMinute: 20,
  perAccountAndAddressPerMinute: 5,
  perAccountPerMinute: 5,
  accountSlowAfterPerMinute: 10,
  accountSlowDelayMs: 1_000,
};

export type ThrottleVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

const accountKey = (account: string) => account.trim().toLowerCase();

/**
 * Counts sign-in attempts (and requests for emailed links) in the shared rate-limit windows, before
 * any password is checked. `scope` keeps surfaces apart (`dashboard`, `portal`): a merchant user and
 * an affiliate with the same email do not share a count.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /** An emailed link or a join for `account`: per client address, and per email from every address. */
  async attempt(scope: string, address: string | null, account: string): Promise<ThrottleVerdict> {
    const now = this.clock.now();
    const byAddress = await this.limiter.consume(`sign-in:${scope}:address:${address ?? 'unknown'}`, this.limits.perAddressPerMinute, now);
    if (!byAddress.allowed) return { allowed: false, retryAfterSeconds: byAddress.retryAfterSeconds };
    const byAccount = await this.limiter.consume(`sign-in:${scope}:account:${accountKey(account)}`, this.limits.perAccountPerMinute, now);
    if (!byAccount.allowed) return { allowed: false, retryAfterSeconds: byAccount.retryAfterSeconds };
    return { allowed: true };
  }

  /**
   * A password attempt on `account`: refused per client address and per (account, address) pair;
   * past the account's own count it is only slowed (`delayMs`), so the owner still gets in while
   * someone else hammers the account from other addresses.
   */
  async passwordAttempt(scope: string, address: string | null, account: string): Promise<PasswordVerdict> {
    const now = this.clock.now();
    const from = address ?? 'unknown';
    const byAddress = await this.limiter.consume(`sign-in:${scope}:address:${from}`, this.limits.perAddressPerMinute, now);
    const pair = byAddress.allowed
      ? await this.limiter.consume(`sign-in:${scope}:pair:${from}:${accountKey(account)}`, this.limits.perAccountAndAddressPerMinute, now)
      : null;
    const byAccount = pair?.allowed
      ? await this.limiter.consume(`sign-in:${scope}:account:${accountKey(account)}`, this.limits.accountSlowAfterPerMinute, now)
      : null;
    return passwordVerdict(
      { address: byAddress, accountAndAddress: pair ?? { allowed: true, retryAfterSeconds: 0 }, account: byAccount },
      this.limits.accountSlowDelayMs,
    );
  }
}

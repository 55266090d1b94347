import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';

/** A source API's published request budget: `requests` in every `periodMs`. */
export interface RequestBudget {
  readonly requests: number;
  readonly periodMs: number;
}

/** Requests already made in the window that started at `startMs`. */
export interface RequestWindow {
  readonly startMs: number;
  readonly used: number;
}

export type Pacing = { readonly allowed: true; readonly window: RequestWindow } | { readonly allowed: false; readonly waitUntilMs: number };

/**
 * Fixed-window pacing under a published limit: a request is allowed while the window has budget
 * left; a window past its period starts over. A refused request waits for the window's end.
 */
export const paceRequest = (window: RequestWindow | null, nowMs: number, budget: RequestBudget): Pacing => {
  if (window === null || nowMs >= window.startMs + budget.periodMs || nowMs < window.startMs) return { allowed: true, window: { startMs: nowMs, used: 1 } };
  if (window.used < budget.requests) return { allowed: true, window: { startMs: window.startMs, used: window.used + 1 } };
  return { allowed: false, waitUntilMs: window.startMs + budget.periodMs };
};

/** When no usable `Retry-After` came with a 429, wait this long (the longest published window, 30 s). */
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/** A `Retry-After` asking for more than an hour is capped: the run is looked at again then. */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** A 429's `Retry-After` (delay in seconds, or an HTTP date) as milliseconds to wait from now, at least one second. */
export const retryAfterMs = (header: string | null | undefined, nowMs: number): number => {
  const value = header?.trim() ?? '';
  let wait = DEFAULT_RETRY_AFTER_MS;
  if (/^\d+(\.\d+)?$/.test(value)) wait = Math.ceil(Number(value) * 1000);
  else if (value !== '') {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) wait = at - nowMs;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, wait));
};

/**
 * An amount a source gives in minor units (cents) as the portable format's decimal: a dot, no
 * trailing zeros (`1050` USD is `10.5`). Null for a value that is not a whole number.
 */
export const minorToDecimal = (minor: unknown, currency: CurrencyCode): string | null => {
  const text = typeof minor === 'number' ? String(minor) : typeof minor === 'string' ? minor.trim() : '';
  if (!/^-?\d+$/.test(text)) return null;
  return new Decimal(text).dividedBy(new Decimal(10).pow(minorUnitDigits(currency))).toString();
};

/** An amount a source gives in major units (a JSON number or a numeric string) as the portable decimal. */
export const majorToDecimal = (major: unknown): string | null => {
  const text = typeof major === 'number' && Number.isFinite(major) ? String(major) : typeof major === 'string' ? major.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return new Decimal(text).toString();
};

/** An old referral code from another product (`?via=jb-007`, a Dub key): letters, digits, `-`, `_`, `.`; case-insensitive. */
const OLD_REF_CODE = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

/**
 * An imported affiliate's old referral code as it is kept and looked up: trimmed and lower-cased;
 * null for one no link could carry (empty, too long, other characters).
 */
export const oldRefCodeOf = (raw: string | null | undefined): string | null => {
  const code = (raw ?? '').trim().toLowerCase();
  return OLD_REF_CODE.test(code) ? code : null;
};

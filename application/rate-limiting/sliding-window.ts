/**
 * Sliding-window counter: one fixed window of `periodMs` plus the previous window's count, weighted
 * by how much of the previous window still overlaps the sliding window ending now. A request is
 * allowed while that estimate, including the request, stays within `limit`. Unlike a fixed window
 * it never lets a second full burst through at a window boundary. Pure arithmetic: the limiter
 * adapter decides with it on the shared counts.
 */
export interface WindowState {
  /** Start of the current fixed window, epoch milliseconds, a multiple of `periodMs`. */
  readonly windowStart: number;
  readonly currentCount: number;
  readonly previousCount: number;
}

export interface WindowDecision {
  readonly allowed: boolean;
  /** State to store: unchanged when the request is refused. */
  readonly state: WindowState;
  readonly remaining: number;
  readonly resetAtMs: number;
  readonly retryAfterMs: number;
}

export const windowStartOf = (nowMs: number, periodMs: number): number => Math.floor(nowMs / periodMs) * periodMs;

/** The stored state as seen from the window that contains `nowMs` (older windows roll off). */
export const rollForward = (state: WindowState | null, nowMs: number, periodMs: number): WindowState => {
  const windowStart = windowStartOf(nowMs, periodMs);
  if (!state || state.windowStart < windowStart - periodMs) return { windowStart, currentCount: 0, previousCount: 0 };
  if (state.windowStart === windowStart - periodMs) {
    return { windowStart, currentCount: 0, previousCount: state.currentCount };
  }
  // A state from a later window than now (the clock never goes back) is treated as current.
  return { ...state, windowStart: Math.max(state.windowStart, windowStart) };
};

/**
 * Weighted count scaled by `periodMs`, in integers so the comparison is exact:
 * previous × (period − elapsed) + current × period.
 */
const scaledLoad = (state: WindowState, nowMs: number, periodMs: number): number => {
  const elapsed = Math.min(Math.max(nowMs - state.windowStart, 0), periodMs);
  return state.previousCount * (periodMs - elapsed) + state.currentCount * periodMs;
};

export const admits = (rolled: WindowState, nowMs: number, limit: number, periodMs: number): boolean =>
  scaledLoad(rolled, nowMs, periodMs) + periodMs <= limit * periodMs;

/** Milliseconds from `nowMs` until `admits` holds again for one more request. */
const waitForNextAdmission = (rolled: WindowState, nowMs: number, limit: number, periodMs: number): number => {
  if (rolled.currentCount + 1 <= limit) {
    if (rolled.previousCount === 0) return 0;
    // Solve previous × (period − elapsed) + (current + 1) × period ≤ limit × period for elapsed.
    const needElapsed = periodMs - ((limit - rolled.currentCount - 1) * periodMs) / rolled.previousCount;
    return Math.max(0, Math.ceil(rolled.windowStart + needElapsed - nowMs));
  }
  // The current window alone is full: wait into the next one, where it becomes "previous".
  const nextStart = rolled.windowStart + periodMs;
  const next: WindowState = { windowStart: nextStart, currentCount: 0, previousCount: rolled.currentCount };
  return nextStart - nowMs + waitForNextAdmission(next, nextStart, limit, periodMs);
};

export const remainingAfter = (rolled: WindowState, nowMs: number, limit: number, periodMs: number): number =>
  Math.max(0, Math.floor((limit * periodMs - scaledLoad(rolled, nowMs, periodMs)) / periodMs));

export const decide = (
  stored: WindowState | null,
  nowMs: number,
  limit: number,
  periodMs: number,
): WindowDecision => {
  const rolled = rollForward(stored, nowMs, periodMs);
  const resetAtMs = rolled.windowStart + periodMs;
  if (admits(rolled, nowMs, limit, periodMs)) {
    const state = { ...rolled, currentCount: rolled.currentCount + 1 };
    return { allowed: true, state, remaining: remainingAfter(state, nowMs, limit, periodMs), resetAtMs, retryAfterMs: 0 };
  }
  return {
    allowed: false,
    state: rolled,
    remaining: 0,
    resetAtMs,
    retryAfterMs: Math.max(1, waitForNextAdmission(rolled, nowMs, limit, periodMs)),
  };
};

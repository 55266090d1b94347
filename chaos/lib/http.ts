/** Plain HTTP for the fault scenarios: every request has a deadline, so a hung service shows as a timeout, not a hung run. */

export interface Reply {
  readonly status: number;
  readonly body: any;
}

/** Status 0: no answer (socket error or the deadline passed). */
export const call = async (base: string, method: string, path: string, token: string | null, body?: unknown, timeoutMs = 15_000): Promise<Reply> => {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: 0, body: null };
  }
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Tally {
  requests: number;
  ok: number;
  /** Answers by status, including 0 for no answer. */
  readonly byStatus: Record<string, number>;
}

export const newTally = (): Tally => ({ requests: 0, ok: 0, byStatus: {} });

export const count = (tally: Tally, status: number): void => {
  tally.requests += 1;
  if (status >= 200 && status < 300) tally.ok += 1;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
};

export const fiveHundreds = (tally: Tally): number =>
  Object.entries(tally.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

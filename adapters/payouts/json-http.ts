/** A provider's answer that is not a business outcome: the caller repeats the request later. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
  ) {
    super(`${provider} did not answer usably${status === null ? '' : ` (HTTP ${status})`}`);
  }
}

export interface JsonResponse {
  readonly status: number;
  readonly body: any;
}

/**
 * One JSON request through fetch, with a timeout. Network failures and 5xx/429 answers throw
 * `ProviderUnavailable` (outcome unknown); other answers come back for the adapter to read. The body
 * may be given as text, so exact decimal amounts are written as JSON numbers without a float.
 */
export const jsonRequest = async (
  provider: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = 20_000,
): Promise<JsonResponse> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new ProviderUnavailable(provider, null);
  }
  if (response.status >= 500 || response.status === 429) throw new ProviderUnavailable(provider, response.status);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ProviderUnavailable(provider, response.status);
  }
  return { status: response.status, body };
};

import { DEFAULT_RETRY_AFTER_MS, retryAfterMs, type RequestBudget } from '../../../domain/index.js';
import type { HostedApi, HostedCredentials, HostedPage, HostedSource } from '../../../application/ports/hosted-imports.js';
import { IMPORT_SOURCE_NAMES } from '../../../application/ports/imports.js';
import { dub } from './dub.js';
import { firstpromoter } from './firstpromoter.js';
import { partnerstack } from './partnerstack.js';
import { rewardful } from './rewardful.js';
import type { SourceDefinition } from './source-definition.js';
import { tolt } from './tolt.js';

const SOURCES: Partial<Record<HostedSource, SourceDefinition>> = { rewardful, firstpromoter, tolt, partnerstack, dub };

/** One page request may take this long before it counts as unavailable. */
const TIMEOUT_MS = 20_000;

const errorText = (body: unknown): string => {
  if (body !== null && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const e = b.error;
    if (typeof e === 'string') return e;
    if (e !== null && typeof e === 'object' && typeof (e as Record<string, unknown>).message === 'string') return (e as Record<string, string>).message!;
    if (typeof b.message === 'string') return b.message;
  }
  return '';
};

/**
 * The hosted sources' REST APIs over `fetch`. `baseUrls` replaces a source's address (tests point it
 * at a local stub). A 429 waits for its `Retry-After`; a 5xx or a network failure waits too, as
 * unavailable; a refused key or another 4xx stops the run with the source's message.
 */
export class HttpHostedApi implements HostedApi {
  constructor(
    private readonly baseUrls: Readonly<Partial<Record<HostedSource, string>>> = {},
    private readonly now: () => number = Date.now,
  ) {}

  private definition(source: HostedSource): SourceDefinition {
    const found = SOURCES[source];
    if (!found) throw new Error(`no reader for ${source}`);
    return found;
  }

  supports(source: HostedSource): boolean {
    return SOURCES[source] !== undefined;
  }

  credentialFields(source: HostedSource): readonly string[] {
    return this.definition(source).credentialFields;
  }

  budget(source: HostedSource): RequestBudget {
    return this.definition(source).budget;
  }

  steps(source: HostedSource): number {
    return this.definition(source).steps.length;
  }

  async page(source: HostedSource, credentials: HostedCredentials, stepIndex: number, cursor: string | null): Promise<HostedPage> {
    const definition = this.definition(source);
    const product = IMPORT_SOURCE_NAMES[source];
    const step = definition.steps[stepIndex];
    if (!step) return { kind: 'page', rows: [], next: null };
    const url = new URL(step.path, this.baseUrls[source] ?? definition.baseUrl);
    for (const [name, value] of Object.entries(step.query(cursor, credentials))) url.searchParams.set(name, value);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json', ...definition.headers(credentials) }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      return { kind: 'wait', waitMs: DEFAULT_RETRY_AFTER_MS, unavailable: true };
    }
    if (res.status === 429) {
      await res.body?.cancel();
      return { kind: 'wait', waitMs: retryAfterMs(res.headers.get('retry-after'), this.now()), unavailable: false };
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      return { kind: 'wait', waitMs: retryAfterMs(res.headers.get('retry-after'), this.now()), unavailable: true };
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status === 401 || res.status === 403) {
      return { kind: 'refused', reason: `${product} refused the API key (${res.status}${errorText(body) ? `: ${errorText(body)}` : ''}); check the key and start again.` };
    }
    if (!res.ok) return { kind: 'refused', reason: `${product} answered ${res.status} on ${step.path}${errorText(body) ? `: ${errorText(body)}` : ''}.` };
    const page = step.read(body, cursor);
    if (page === null) return { kind: 'refused', reason: `${product} answered ${step.path} in a shape we cannot read.` };
    return { kind: 'page', rows: page.items.flatMap((item) => step.map(item, credentials)), next: page.next };
  }
}

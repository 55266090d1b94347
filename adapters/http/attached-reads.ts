import type { Context } from 'hono';
import type { AttachedRead, AttachedResult } from '../../application/ports/api-key-admission.js';
import { RECENT_CONVERSIONS } from '../../application/campaigns/get-campaign.js';
import { isUuid } from '../ids/uuid-v7-generator.js';
import type { AppEnv } from './app-env.js';

/**
 * The hottest requests' reads, run in the key admission's round trip (an authenticated read then
 * costs one round trip, not two; a sale one fewer: bench/README.md). Matched on the raw path and
 * body before routing and validation, so a request that does not match exactly (an encoded or
 * composite id, a body that will not validate) simply reads the usual way; the route uses what was
 * read only for exactly the ids it validated (`prefetched`).
 */
interface Attachable {
  readonly method: string;
  readonly path: RegExp;
  /** `id`: the path's id, already checked to be a UUID and lowercased, for paths that have one. */
  readonly read: (c: Context<AppEnv>, id: string) => Promise<AttachedRead | null> | AttachedRead | null;
}

const ATTACHABLE: readonly Attachable[] = [
  { method: 'GET', path: /^\/api\/v1\/conversions\/([0-9a-fA-F-]{36})$/, read: (_c, id) => ({ kind: 'conversion', id }) },
  { method: 'GET', path: /^\/api\/v1\/campaigns\/([0-9a-fA-F-]{36})$/, read: (_c, id) => ({ kind: 'campaign', id, recentLimit: RECENT_CONVERSIONS }) },
  { method: 'POST', path: /^\/api\/v1\/conversions$/, read: (c) => saleOf(c) },
];

/** A sale's campaign and affiliate, when the body names both as ids (the parsed body is cached for validation). */
const saleOf = async (c: Context<AppEnv>): Promise<AttachedRead | null> => {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  if (typeof body !== 'object' || body === null) return null;
  const { campaignId, affiliateId } = body as Record<string, unknown>;
  if (typeof campaignId !== 'string' || typeof affiliateId !== 'string' || !isUuid(campaignId) || !isUuid(affiliateId)) return null;
  return { kind: 'sale', campaignId: campaignId.toLowerCase(), affiliateId: affiliateId.toLowerCase() };
};

export const attachedReadFor = async (c: Context<AppEnv>): Promise<AttachedRead | null> => {
  for (const { method, path, read } of ATTACHABLE) {
    if (c.req.method !== method) continue;
    const match = path.exec(c.req.path);
    if (!match) continue;
    const id = match[1] ?? '';
    if (id !== '' && !isUuid(id)) return null;
    return read(c, id.toLowerCase());
  }
  return null;
};

/** What identifies an attached read's record: the route compares it with the ids it validated. */
const keyOf = (read: AttachedRead): string => (read.kind === 'sale' ? `${read.campaignId}/${read.affiliateId}` : read.id);

/** What the admission read for this request: the route's answer when it is of `kind` and for `key` (an id, or `campaign/affiliate`). */
export const prefetched = <K extends AttachedRead['kind']>(
  c: Context<AppEnv>,
  kind: K,
  key: string,
): Extract<AttachedResult, { kind: K }> | undefined => {
  const attached = c.get('attached');
  // The result is of its read's kind (ports/api-key-admission.ts).
  if (!attached || attached.read.kind !== kind || keyOf(attached.read) !== key) return undefined;
  return attached.result as Extract<AttachedResult, { kind: K }>;
};

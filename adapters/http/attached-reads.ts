import type { Context } from 'hono';
import type { AttachedRead, AttachedResult } from '../../application/ports/api-key-admission.js';
import { RECENT_CONVERSIONS } from '../../application/campaigns/get-campaign.js';
import { isUuid } from '../ids/uuid-v7-generator.js';
import type { AppEnv } from './app-env.js';

/**
 * The hottest reads, run in the key admission's round trip (an authenticated read then costs one
 * round trip, not two: bench/README.md). Matched on the raw path before routing, so a path that does
 * not match exactly (an encoded or composite id, a trailing slash) simply reads the usual way.
 */
const ATTACHABLE: readonly { readonly path: RegExp; readonly read: (id: string) => AttachedRead }[] = [
  { path: /^\/api\/v1\/conversions\/([0-9a-fA-F-]{36})$/, read: (id) => ({ kind: 'conversion', id }) },
  { path: /^\/api\/v1\/campaigns\/([0-9a-fA-F-]{36})$/, read: (id) => ({ kind: 'campaign', id, recentLimit: RECENT_CONVERSIONS }) },
];

export const attachedReadFor = (method: string, path: string): AttachedRead | null => {
  if (method !== 'GET') return null;
  for (const { path: pattern, read } of ATTACHABLE) {
    const id = pattern.exec(path)?.[1];
    if (id !== undefined && isUuid(id)) return read(id.toLowerCase());
  }
  return null;
};

/** What the admission read for this request: the route's answer when it is of `kind` and `id`. */
export const prefetched = <K extends AttachedRead['kind']>(
  c: Context<AppEnv>,
  kind: K,
  id: string,
): Extract<AttachedResult, { kind: K }> | undefined => {
  const attached = c.get('attached');
  if (!attached || attached.read.kind !== kind || attached.read.id !== id || attached.result.kind !== kind) return undefined;
  return attached.result as Extract<AttachedResult, { kind: K }>;
};

import type { HostedCredentials } from '../../../application/ports/hosted-imports.js';
import type { ImportRow } from '../../../application/ports/imports.js';
import type { ProgramResource } from '../../../application/porting/program-files.js';
import type { RequestBudget } from '../../../domain/index.js';

export type Json = Readonly<Record<string, unknown>>;
export type MappedRow = Omit<ImportRow, 'seq'>;

/** One page as the source answered it: its records and the cursor of the next page, or null on the last. */
export interface ReadPage {
  readonly items: readonly unknown[];
  readonly next: string | null;
}

/** One resource of a source: where it is listed, how its pages go, and what each record becomes. */
export interface SourceStep {
  readonly path: string;
  query(cursor: string | null, credentials: HostedCredentials): Record<string, string>;
  /** Null when the body is not the documented page shape. */
  read(body: unknown, cursor: string | null): ReadPage | null;
  map(item: unknown, credentials: HostedCredentials): readonly MappedRow[];
}

export interface SourceDefinition {
  readonly baseUrl: string;
  readonly budget: RequestBudget;
  readonly credentialFields: readonly string[];
  headers(credentials: HostedCredentials): Record<string, string>;
  readonly steps: readonly SourceStep[];
}

export const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
export const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
/** A cell from a string or number; '' for anything else (the writer reports a required cell missing). */
export const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
export const bool = (value: unknown): string => (value === true ? 'true' : value === false ? 'false' : '');
/** An ISO time in UTC, '' for none or an unreadable one. */
export const time = (value: unknown): string => {
  const text = str(value);
  if (text === '') return '';
  // Some sources (PartnerStack) give epoch milliseconds.
  const at = typeof value === 'number' ? new Date(value) : new Date(text);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};
export const fullName = (...parts: unknown[]): string =>
  parts
    .map(str)
    .filter((p) => p.trim() !== '')
    .join(' ');

export const row = (resource: ProgramResource, data: Record<string, string>): MappedRow => ({ resource, data });

/** An affiliate's state at its source under our membership statuses; anything unknown waits for review. */
export const membershipStatusOf = (state: unknown): string => {
  const s = str(state).toLowerCase();
  if (['active', 'approved', 'accepted'].includes(s)) return 'approved';
  if (['suspended', 'blocked', 'disabled', 'inactive', 'banned', 'archived', 'deactivated'].includes(s)) return 'suspended';
  if (['rejected', 'denied', 'declined'].includes(s)) return 'rejected';
  return 'pending';
};

/** A source's payout method under ours: PayPal is `wallet_a`, Wise `transfer_b`; bank details are never carried. */
export const payoutMethodOf = (method: unknown): string => {
  const m = str(method).toLowerCase();
  if (m === 'paypal') return 'wallet_a';
  if (m === 'wise') return 'transfer_b';
  return '';
};

/** A program whose API carries no reward terms becomes one campaign whose terms the merchant sets here. */
export const programCampaign = (id: string, product: string, cookieDays = ''): MappedRow =>
  row('campaigns', {
    id,
    name: `${product} program`,
    description: `Imported from ${product}, whose API carries no reward terms: set the commission here.`,
    status: 'active',
    commission_type: 'percentage',
    commission_value: '0',
    recurring: 'true',
    cookie_days: cookieDays,
  });

/** Page-number pagination that stops on a short page (sources that give no total). */
export const pageNumbers =
  (perPage: number) =>
  (body: unknown, cursor: string | null): ReadPage | null => {
    const items = Array.isArray(body) ? body : Array.isArray(obj(body).data) ? (obj(body).data as unknown[]) : null;
    if (items === null) return null;
    const page = Number(cursor ?? '1');
    return { items, next: items.length >= perPage ? String(page + 1) : null };
  };

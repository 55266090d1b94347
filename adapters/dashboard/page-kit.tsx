/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Principal } from '../../application/shared/actor.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { DomainError } from '../../domain/index.js';
import { ApiError } from '../http/api-error.js';
import { statusOf } from '../http/error-status.js';
import { unstorableText } from '../http/input-checks.js';
import { planRefusal, writeKeyRefusal } from '../http/middleware/guards.js';
import { payoutManagementRefusal } from '../http/routes/payout-configuration.guards.js';
import { requireId } from '../http/routes/path-id.js';
import { toFieldProblems } from '../http/validation.js';
import { redirectTo } from '../http/web-session/web-session.middleware.js';
import type { DashboardEnv } from './dashboard-env.js';
import type { Problem } from './views/components.js';
import { Layout, type Chrome } from './views/layout.js';
import type { Plan } from '../../domain/index.js';

export type DashboardContext = Context<DashboardEnv>;

export const chromeOf = (c: DashboardContext, current: string): Chrome => {
  const { merchant } = c.get('principal');
  return {
    businessName: merchant.businessName,
    email: c.get('user').email,
    plan: merchant.plan,
    mode: c.get('tenant').mode,
    payoutLiveSandbox: c.get('payoutLiveSandbox') === true,
    csrf: c.get('webSession')!.csrfToken,
    current,
    unread: c.get('unreadNotices') ?? 0,
    reviews: c.get('openReviews') ?? 0,
    role: c.get('user').role,
  };
};

/** A signed-in page; a refused action re-renders its page with the refusal's status, so the audit row and the browser both see it. */
export const page = (c: DashboardContext, title: string, current: string, body: Child, status: ContentfulStatusCode = 200) => {
  c.header('Cache-Control', 'no-store');
  return c.html(
    <Layout title={title} chrome={chromeOf(c, current)}>
      {body}
    </Layout>,
    status,
  );
};

/** Records a refusal on the request (for the audit row) and answers what to show and with which status. */
export const refusal = (c: DashboardContext, error: DomainError | ApiError): { problem: Problem; status: ContentfulStatusCode } => {
  c.set('errorCode', error.code);
  return { problem: { message: error.message, details: error.details }, status: statusOf(error.code) };
};

/** A refusal naming a missing resource answers the 404 page (as another merchant's id does), not the form again. */
export const throwIfNotFound = (error: DomainError | ApiError): void => {
  if (error.code === 'not_found') throw error instanceof ApiError ? error : ApiError.from(error);
};

/** One guard of an API route: a write key, Manage payouts, a plan, a live key. */
export type Guard = 'write' | 'managePayouts' | { plan: Plan; feature: string } | { live: string };

const verdict = (principal: Principal, tenant: Tenant, check: Guard): ApiError | null => {
  if (check === 'write') return writeKeyRefusal(principal);
  if (check === 'managePayouts') return payoutManagementRefusal(principal);
  if ('plan' in check) return planRefusal(principal, check.plan, check.feature);
  return tenant.mode === 'live' ? null : new ApiError('test_mode_unsupported', `${check.live} is not available in test mode`);
};

/** The guards of the mirrored API route, in its order; null when the action may go ahead. */
export const guardsRefuse = (c: DashboardContext, checks: readonly Guard[]): ApiError | null => {
  const principal = c.get('principal');
  for (const check of checks) {
    const refused = verdict(principal, c.get('tenant'), check);
    if (refused) return refused;
  }
  return null;
};

export type Form = Record<string, string>;

/** The posted form's text fields, trimmed. */
export const formOf = async (c: DashboardContext): Promise<Form> => {
  const body = await c.req.parseBody();
  const form: Form = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') form[k] = v.trim();
  return form;
};

export const optional = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
export const checked = (value: string | undefined) => value === 'on' || value === 'true';

/** After a write that worked: back to a page (303), with a one-line notice. */
export const done = (c: DashboardContext, location: string, notice: string) =>
  redirectTo(c, `${location}${location.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}`);

export const noticeOf = (c: DashboardContext) => c.req.query('notice')?.slice(0, 200) ?? null;

/** Page and limit from the query (or `query`, the address a list was left from), as the API bounds them (limit 1–100, default 20). */
export const pageParams = (c: DashboardContext, defaultLimit = 20, query?: URLSearchParams) => {
  const param = (name: string) => (query ? (query.get(name) ?? undefined) : c.req.query(name));
  const page = Math.max(1, Math.min(100_000, Number.parseInt(param('page') ?? '1', 10) || 1));
  const limit = Math.max(1, Math.min(100, Number.parseInt(param('limit') ?? String(defaultLimit), 10) || defaultLimit));
  return { page, limit };
};

/** A tenant id from the path or a form; anything but a UUID answers 404, as another merchant's id does. */
export const idOrNotFound = (value: string | undefined, what: string): string => requireId(value ?? '', what);

/** The API route's own body schema applied to a form's values: the same rules, the same field problems. */
export const parseWith = <T,>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError } }, value: unknown): { ok: true; value: T } | { ok: false; error: ApiError } => {
  // As API bodies are checked (input-checks.ts): values decoded from a form (a JSON field) may still carry unstorable text.
  const unstorable = unstorableText(value, true);
  if (unstorable.length > 0) return { ok: false, error: new ApiError('validation_error', `Check ${unstorable.map((d) => d.field).join(', ')}`, unstorable) };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const details = toFieldProblems(parsed.error);
  return { ok: false, error: new ApiError('validation_error', `Check ${details.map((d) => d.field).join(', ')}`, details) };
};

/** A form number as the JSON number the API would receive; text that is not a number stays text, so the schema refuses it. */
export const numberOrText = (value: string | undefined): number | string | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};

/** @jsxImportSource hono/jsx */
import type { MiddlewareHandler } from 'hono';
import { DASHBOARD, type DashboardEnv } from './dashboard-env.js';
import { listOf } from './mode-switch.js';
import { page } from './page-kit.js';

/** The question a destructive form asks before it acts; the page asks it when no script did. */
const ASK_FIELD = 'ask-first';
const YES_FIELD = 'ask-yes';
const CONFIRMED_FIELD = 'confirmed';

/** Inside a destructive form: the question asked before it posts, and the confirm button's words. */
export const AskFirst = ({ question, yes }: { question: string; yes: string }) => (
  <>
    <input type="hidden" name={ASK_FIELD} value={question} />
    <input type="hidden" name={YES_FIELD} value={yes} />
  </>
);

/** Where "Keep it" goes: the page the form was on, when it is one of the dashboard's, else the list. */
const backOf = (referer: string | undefined, host: string | undefined, path: string): string => {
  if (referer && host) {
    try {
      const url = new URL(referer);
      if (url.host === host && url.pathname.startsWith(DASHBOARD)) return `${url.pathname}${url.search}`;
    } catch {
      // Not a URL: the list below.
    }
  }
  return listOf(path) ?? DASHBOARD;
};

/**
 * A form that carries `AskFirst` acts only once confirmed: the dashboard's script asks in the browser
 * and adds the confirmation; without a script this page asks, and its button posts the same fields
 * again, confirmed. Forms without the question pass untouched.
 */
export const askFirst: MiddlewareHandler<DashboardEnv> = async (c, next) => {
  if (c.req.method !== 'POST' || !(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return next();
  // Hono keeps the parsed body, so the route reads the same fields after this.
  const body = await c.req.parseBody({ all: true });
  const fields = Object.entries(body).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? [[name, v] as const] : [])));
  const field = (name: string) => fields.find(([n]) => n === name)?.[1];
  const question = field(ASK_FIELD);
  if (!question || field(CONFIRMED_FIELD) === 'yes') return next();
  const yes = field(YES_FIELD) || 'Yes, go ahead';
  // The audit row of this request says that nothing was done yet.
  c.set('errorCode', 'confirmation_required');
  const action = `${c.req.path}${new URL(c.req.url).search}`;
  return page(
    c,
    'Are you sure?',
    listOf(c.req.path) ?? c.req.path,
    <section class="panel ask-first" aria-labelledby="ask-first-question">
      <p id="ask-first-question">{question}</p>
      <form method="post" action={action} class="actions">
        {fields.map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <button type="submit" class="danger" data-asks-first autofocus>
          {yes}
        </button>
        <a class="button secondary" href={backOf(c.req.header('referer'), c.req.header('host'), c.req.path)}>
          Keep it
        </a>
      </form>
    </section>,
  );
};

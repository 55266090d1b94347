import type { Context, MiddlewareHandler } from 'hono';
import type { FieldProblem } from '../../../domain/index.js';
import { unstorableText } from '../input-checks.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

/** The fields of a request's query and, for a write, of its form that PostgreSQL cannot store as sent. */
export const unstorableFormInput = async (c: Context): Promise<FieldProblem[]> => {
  const problems = unstorableText(c.req.queries(), false).map((p) => ({ ...p, field: p.field.replace(/\.\d+$/, '') }));
  if (!READS.has(c.req.method) && FORM.test(c.req.header('content-type') ?? '')) {
    // Form text may hold tabs and line breaks (a textarea), as JSON body text may.
    const form = await c.req.parseBody({ all: true });
    problems.push(...unstorableText(form, true).map((p) => ({ ...p, field: p.field.replace(/\.\d+$/, '') })));
  }
  return problems;
};

/**
 * Browser forms get the checks API bodies get (`input-checks.ts`): text with NUL or other control
 * characters, or unpaired surrogates, in a form field or a query value is refused before any page
 * handler sees it (`refuse` answers 400 naming the fields), rather than failing in a statement.
 */
// any surface whose env extends WebEnv
export const refuseUnstorableForms =
  (refuse: (c: Context<any>, problems: readonly FieldProblem[]) => Response | Promise<Response>): MiddlewareHandler<any> =>
  async (c, next) => {
    const problems = await unstorableFormInput(c);
    if (problems.length > 0) return refuse(c, problems);
    await next();
  };

/** The sentence a refused form shows: which fields, and why. */
export const unstorableFormMessage = (problems: readonly FieldProblem[]): string =>
  `Check ${[...new Set(problems.map((p) => p.field))].join(', ')}: ${problems[0]?.message ?? ''}. Go back and correct the form.`;

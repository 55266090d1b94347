import type { Context } from 'hono';
import type { WebSession } from '../../../application/web-sessions/web-session.js';
import type { AppEnv } from '../app-env.js';

/** The variables of a browser surface (dashboard, portal): the request's session, when signed in. */
export interface WebEnv {
  Variables: AppEnv['Variables'] & {
    webSession: WebSession | undefined;
  };
}

/** The request's session on any surface whose env extends `WebEnv`. */
// read from any surface's context
export const sessionOf = (c: Context<any>): WebSession | undefined => c.get('webSession');

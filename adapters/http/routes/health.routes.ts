import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';

/** Whether the service can reach what it needs to answer (its database); never throws. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * `GET /healthz`: no auth. 200 `{ status: "ok" }` while the database answers; 503
 * `{ status: "unavailable" }` when it does not (a readiness check: an orchestrator drains or
 * restarts the process, and the check recovers by itself once the database is back).
 */
export const healthRoutes = (ready: ReadinessCheck) =>
  new Hono<AppEnv>().get('/healthz', async (c) => (await ready() ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable' }, 503)));

import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';

/** `GET /healthz`: no auth; 200 once the service can serve requests (it is mounted only then). */
export const healthRoutes = () => new Hono<AppEnv>().get('/healthz', (c) => c.json({ status: 'ok' }));

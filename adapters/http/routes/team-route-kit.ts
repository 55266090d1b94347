import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Result } from 'neverthrow';
import type { ManageTeams } from '../../../application/teams/manage-teams.js';
import type { TeamAwards } from '../../../application/teams/team-awards.js';
import type { TeamGoals } from '../../../application/teams/team-goals.js';
import type { TeamReads } from '../../../application/teams/team-reads.js';
import type { TeamRoster } from '../../../application/teams/team-roster.js';
import { parseAmount, type Decimal, type DomainError } from '../../../domain/index.js';
import { ApiError } from '../api-error.js';
import { requireLiveKey, requirePlan, requireWriteKey } from '../middleware/guards.js';
import { SERVICE_TIME_MESSAGE, withinServiceTime } from '../validation.js';
import { requireId } from './path-id.js';

/** What the teams, team goals and team awards routers (and the dashboard's team pages) call. */
export interface TeamRouteDependencies {
  readonly manageTeams: ManageTeams;
  readonly roster: TeamRoster;
  readonly goals: TeamGoals;
  readonly awards: TeamAwards;
  readonly reads: TeamReads;
}

/** Every Teams endpoint needs Scale, reads included. */
const scale = requirePlan('scale', 'Teams');
/** Team writes also need a write key and a live key (teams have no test mode). */
const liveOnly = requireLiveKey('Team writes');

type TeamRouteConfig<P extends string> = Omit<RouteConfig, 'path' | 'tags' | 'middleware'> & { path: P };

/** A Teams read endpoint: Scale. */
export const teamRead = <P extends string, R extends TeamRouteConfig<P>>(route: R) =>
  createRoute({ ...route, tags: ['Teams'], middleware: [scale] as const });

/** A Teams write endpoint: Scale, a write key and a live key. */
export const teamWrite = <P extends string, R extends TeamRouteConfig<P>>(route: R) =>
  createRoute({ ...route, tags: ['Teams'], middleware: [scale, requireWriteKey, liveOnly] as const });

export const RateType = z.enum(['percentage', 'fixed']);

export const dateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 time')
  .refine(withinServiceTime, SERVICE_TIME_MESSAGE)
  .openapi({ example: '2026-11-22T10:00:00.000Z' });

export const param = (name: string) => z.string().openapi({ param: { name, in: 'path' } });
export const TeamParam = z.object({ id: param('id') });

export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
export const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});
export const pageOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: z.array(schema), pagination: z.any() }) } },
});

/** The team of a path: a malformed id is a 404 (`requireId`). */
export const teamIdOf = (id: string): string => requireId(id, 'Team');

export const amount = (value: number, field: string): Decimal => {
  const parsed = parseAmount(value, { field });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};

export const optionalAmount = (value: number | null | undefined, field: string) =>
  value === undefined ? undefined : value === null ? null : amount(value, field);

/** A use case's answer, or its domain error thrown as the API error it maps to. */
export const unwrap = <T>(result: Result<T, DomainError>): T => {
  if (result.isErr()) throw ApiError.from(result.error);
  return result.value;
};

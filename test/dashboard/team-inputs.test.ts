import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamChangesBody, TeamOverridesBody } from '../../adapters/http/routes/team.input.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The components a body schema produces in an OpenAPI document, generated as the routes' are. */
const componentsOf = (schemas: readonly z.ZodType[]) => {
  const app = new OpenAPIHono();
  schemas.forEach((schema, i) =>
    app.openapi(createRoute({ method: 'post', path: `/body-${i}`, request: { body: { content: { 'application/json': { schema } } } }, responses: { 200: { description: 'ok' } } }), (c) => c.json({})),
  );
  return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'bodies', version: '1' } }).components!.schemas!;
};

describe("the dashboard's team edit and member-rate bodies", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are the bodies the API documents for PATCH /teams/:id and POST /teams/:id/overrides', async () => {
    const published = (await t.request('GET', '/api/v1/openapi.json')).body.components.schemas;
    const mine = componentsOf([TeamChangesBody, TeamOverridesBody]);
    expect(Object.keys(mine).sort()).toEqual(['SetTeamOverrides', 'UpdateTeam']);
    expect(mine.UpdateTeam).toEqual(published.UpdateTeam);
    expect(mine.SetTeamOverrides).toEqual(published.SetTeamOverrides);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { runNamed } from '../../adapters/persistence/named-statement.js';
import { currentDb } from '../../adapters/persistence/orm.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { startTestService, type TestService } from '../support/test-service.js';

const TEXT = 'select $1::int + 1 as next';

/** A named read is prepared once per connection, on the pool and inside a transaction alike. */
describe('statements sent by name', () => {
  let t: TestService;
  let uow: UnitOfWork;
  let scope: RequestScope;

  beforeAll(async () => {
    // One connection: whatever runs next runs on the connection the named read left prepared.
    t = await startTestService({ dbPoolMax: 1 });
    uow = t.service.container.resolve(TOKENS.UnitOfWork);
    scope = t.service.container.resolve(TOKENS.RequestScope);
  });
  afterAll(() => t.close());

  const prepared = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements where name like 'test_named_%'`.execute(currentDb(t.service.orm))).rows.map((r) => r.name);

  it('inside a transaction, on its connection, by the same name (planned once per connection, not per call)', async () => {
    const inside = await scope(() =>
      uow.transaction(async () => {
        const answers = [];
        for (let n = 0; n < 3; n += 1) answers.push((await runNamed<{ next: number }>(t.service.orm, 'test_named_next', TEXT, [n]))[0]!.next);
        return { answers, prepared: await prepared() };
      }),
    );
    expect(inside.answers).toEqual([1, 2, 3]);
    expect(inside.prepared).toEqual(['test_named_next']);
    // The pool's connection is the same one: the statement stays prepared there for reads outside.
    const outside = await scope(async () => (await runNamed<{ next: number }>(t.service.orm, 'test_named_next', TEXT, [41]))[0]!.next);
    expect(outside).toBe(42);
  });

  it('refuses a second name for a text already named, and a name already standing for another text', async () => {
    await expect(scope(() => runNamed(t.service.orm, 'test_named_other', TEXT, [1]))).rejects.toThrow(/named test_named_next before/);
    // A connection that prepared the name would run its first text with these values.
    await expect(scope(() => runNamed(t.service.orm, 'test_named_next', 'select $1::int - 1 as next', [1]))).rejects.toThrow(/stands for another statement/);
  });

  it('sends every other statement unnamed (nothing else is prepared)', async () => {
    const names = await scope(() =>
      uow.transaction(async () => {
        await sql`select ${1}::int as one`.execute(currentDb(t.service.orm));
        return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(currentDb(t.service.orm))).rows.map((r) => r.name);
      }),
    );
    expect(names.every((n) => !n.includes('one'))).toBe(true);
  });
});

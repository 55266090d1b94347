import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../application/ports/audit-log.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { currentCommitParticipants } from '../../adapters/persistence/commit-participants.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { currentEm } from '../../adapters/persistence/orm.js';
import { appendOnCommit } from '../../adapters/persistence/repositories/mikro-orm-audit-log.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** A row joined to the request's commit is written by the outermost transaction that commits, once, or not at all. */
describe('commit participants (an audit row written with the request transaction)', () => {
  let t: TestService;
  let uow: UnitOfWork;
  let scope: RequestScope;

  beforeAll(async () => {
    t = await startTestService();
    uow = t.service.container.resolve(TOKENS.UnitOfWork);
    scope = t.service.container.resolve(TOKENS.RequestScope);
    await t.sql(`
      create table commit_probe (value text not null);
      create function commit_probe_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$;
      create constraint trigger commit_probe_refuse after insert on commit_probe deferrable initially deferred
        for each row when (new.value like 'refuse-%') execute function commit_probe_refuse();`);
  });
  afterAll(() => t.close());

  const entry = (requestId: string) => (): AuditEntry => ({
    id: randomUUID(),
    actor: 'anonymous',
    apiKeyId: null,
    merchantId: null,
    method: 'POST',
    path: '/test',
    status: 201,
    errorCode: null,
    address: null,
    userAgent: null,
    requestId,
    createdAt: new Date('2026-11-22T10:00:00Z'),
  });
  const rowsOf = (requestId: string) => t.sql(`select status from audit_log where request_id = $1`, [requestId]);
  /** A write of the transaction's own work, to see that it committed too. */
  const marker = (value: string) => sql`insert into commit_probe (value) values (${value})`;

  const probe = async (value: string) => (await t.sql(`select value from commit_probe where value = $1`, [value])).length;

  it('writes the row just before the commit when no statement carried it, and reports it committed', async () => {
    const id = randomUUID();
    const committed = await scope(() =>
      appendOnCommit(entry(id), () => uow.transaction(async () => void (await marker(id).execute(currentEm(t.service.orm).getKysely())))),
    );
    expect(committed).toBe(true);
    expect(await rowsOf(id)).toEqual([{ status: 201 }]);
    expect(await probe(id)).toBe(1);
  });

  it('writes it inside the transaction: a commit that fails after it was written leaves no row', async () => {
    const id = randomUUID();
    let committed: boolean | undefined;
    await expect(
      scope(async () => {
        committed = await appendOnCommit(entry(id), () =>
          uow.transaction(async () => void (await marker(`refuse-${id}`).execute(currentEm(t.service.orm).getKysely()))),
        );
      }),
    ).rejects.toThrow(/refused at commit/);
    expect(committed).toBeUndefined();
    expect(await rowsOf(id)).toEqual([]);
    expect(await probe(`refuse-${id}`)).toBe(0);
  });

  it('leaves it unwritten and uncommitted when the transaction rolls back', async () => {
    const id = randomUUID();
    const committed = await scope(() =>
      appendOnCommit(entry(id), async () => {
        await expect(uow.transaction(() => Promise.reject(new Error('the work failed')))).rejects.toThrow('the work failed');
      }),
    );
    expect(committed).toBe(false);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('reports it uncommitted when no transaction ran', async () => {
    const id = randomUUID();
    expect(await scope(() => appendOnCommit(entry(id), async () => undefined))).toBe(false);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('is carried by the outermost transaction only: a savepoint that rolls back alone does not take it', async () => {
    const id = randomUUID();
    let takenInSavepoint = -1;
    const committed = await scope(() =>
      appendOnCommit(entry(id), () =>
        uow.transaction(async () => {
          await uow
            .transaction(async () => {
              takenInSavepoint = currentCommitParticipants()!.take(currentEm(t.service.orm)).length;
              throw new Error('the savepoint fails');
            })
            .catch(() => undefined);
        }),
      ),
    );
    expect(takenInSavepoint).toBe(0);
    expect(committed).toBe(true);
    expect(await rowsOf(id)).toEqual([{ status: 201 }]);
  });

  it('is written by the next transaction after one rolled back, once', async () => {
    const id = randomUUID();
    const committed = await scope(() =>
      appendOnCommit(entry(id), async () => {
        await uow
          .transaction(async () => {
            // Carried by a statement of this transaction, then rolled back with it.
            const carried = currentCommitParticipants()!.take(currentEm(t.service.orm));
            expect(carried).toHaveLength(1);
            await sql`${carried[0]!}`.execute(currentEm(t.service.orm).getKysely());
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await uow.transaction(async () => undefined);
        await uow.transaction(async () => undefined);
      }),
    );
    expect(committed).toBe(true);
    expect(await rowsOf(id)).toEqual([{ status: 201 }]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../application/ports/audit-log.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

/** Later than the rows making the program wrote (the SQL world makes it through the API, which audits). */
const AT = new Date('2099-11-12T09:00:30.000Z');

/**
 * What `AuditLog` promises: a row reads back as appended, in its merchant's log only, newest first,
 * paged with a total or a `hasMore`; an append goes with its transaction's rollback (a use case's row
 * commits with its change, or not at all); refusals are grouped per address and minute into one row
 * with their count.
 */
export const auditLogContract = (worldOf: () => ContractWorld): void => {
  describe('AuditLog contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const entry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
      id: world.ids.next(),
      actor: 'api_key',
      apiKeyId: null,
      merchantId: program.merchantId,
      method: 'POST',
      path: '/api/v1/conversions',
      status: 201,
      errorCode: null,
      address: '203.0.113.9',
      userAgent: 'curl/8',
      requestId: 'req-1',
      createdAt: AT,
      ...fields,
    });
    const page = (n: number, limit: number) => world.run(() => world.auditLog.listForMerchant(program.merchantId, { page: n, limit }));

    it("reads rows back newest first, in their merchant's log only, paged with a total or whether more follow", async () => {
      const other = await world.program();
      const before = (await page(1, 1)).total;
      const rows = [0, 1, 2].map((i) => entry({ createdAt: new Date(AT.getTime() + i * 1_000), status: 200 + i, actor: `user:${world.ids.next()}` as const }));
      for (const row of rows) await inTransaction(world, () => world.auditLog.append(row));
      await inTransaction(world, () => world.auditLog.append(entry({ merchantId: other.merchantId })));

      const first = await page(1, 2);
      expect(first.total).toBe(before + 3);
      expect(plain(first.items)).toEqual(plain([rows[2], rows[1]].map((r) => ({ ...r, count: 1 }))));
      expect((await page(2, 2)).items[0]?.id).toBe(rows[0]!.id);
      const browsed = await world.run(() => world.auditLog.browseForMerchant(program.merchantId, { page: 1, limit: 2 }));
      expect({ ids: browsed.items.map((r) => r.id), hasMore: browsed.hasMore }).toEqual({ ids: [rows[2]!.id, rows[1]!.id], hasMore: true });
      const last = await world.run(() => world.auditLog.browseForMerchant(program.merchantId, { page: 1, limit: before + 3 }));
      expect(last.hasMore).toBe(false);
    });

    it('leaves no row when the appending transaction rolls back', async () => {
      const lost = entry({ createdAt: new Date(AT.getTime() + 3_600_000) });
      const failed = inTransaction(world, async () => {
        await world.auditLog.append(lost);
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      expect((await page(1, 100)).items.map((r) => r.id)).not.toContain(lost.id);
    });

    it('groups refusals per address and minute into one row with their count', async () => {
      const refused = { status: 401, errorCode: 'invalid_api_key', method: 'GET', createdAt: new Date('2099-11-12T10:00:05.000Z') };
      const first = entry({ ...refused, address: '198.51.100.1' });
      world.auditLog.recordRefusal(first);
      world.auditLog.recordRefusal(entry({ ...refused, address: '198.51.100.1', createdAt: new Date('2099-11-12T10:00:45.000Z') }));
      world.auditLog.recordRefusal(entry({ ...refused, address: '198.51.100.2' }));
      await world.run(() => world.writeAuditRefusals());
      const rows = (await page(1, 100)).items.filter((r) => r.status === 401);
      expect(rows.map((r) => `${r.address}:${r.count}`).sort()).toEqual(['198.51.100.1:2', '198.51.100.2:1']);
      expect(rows.find((r) => r.address === '198.51.100.1')?.id).toBe(first.id);
    });
  });
};

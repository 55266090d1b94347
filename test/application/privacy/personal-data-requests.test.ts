import { describe, expect, it } from 'vitest';
import type { AffiliateDataExport, PersonalData } from '../../../application/ports/personal-data.js';
import { PersonalDataRequests } from '../../../application/privacy/personal-data-requests.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { InMemoryEventOutbox } from '../../fakes/in-memory-event-outbox.js';
import { InMemoryTransactions, InMemoryUnitOfWork } from '../../fakes/in-memory-transactions.js';

const tenant = { merchantId: 'm-1', mode: 'live' as const };

/** A store that knows one affiliate and one customer email, and fails when told to. */
const storeOf = (failErase = false): PersonalData & { erased: string[] } => ({
  erased: [],
  async affiliateExport(_t, id) {
    return id === 'a-1' ? ({ affiliate: { id } } as unknown as AffiliateDataExport) : null;
  },
  async eraseAffiliate(_t, id) {
    if (failErase) throw new Error('database down');
    if (id !== 'a-1') return false;
    this.erased.push(id);
    return true;
  },
  async eraseCustomer(_t, email) {
    return email.toLowerCase() === 'grace@example.com' ? { customers: 1, commissions: 2 } : { customers: 0, commissions: 0 };
  },
});

const world = (failErase = false) => {
  const transactions = new InMemoryTransactions();
  const outbox = new InMemoryEventOutbox(transactions);
  const store = storeOf(failErase);
  return { outbox, store, requests: new PersonalDataRequests(new InMemoryUnitOfWork(transactions), store, outbox, new FixedClock('2026-11-29T00:00:00.000Z')) };
};

describe('personal data requests', () => {
  it('erases an affiliate with its internal event (ids only), in one transaction', async () => {
    const { requests, outbox } = world();
    const result = await requests.eraseAffiliate(tenant, 'a-1');
    expect(result._unsafeUnwrap()).toEqual({ affiliateId: 'a-1', erasedAt: new Date('2026-11-29T00:00:00.000Z') });
    expect(outbox.events).toEqual([expect.objectContaining({ type: 'affiliate.erased', payload: { affiliateId: 'a-1' }, merchantId: 'm-1', mode: 'live' })]);
  });

  it('answers not_found with no event for an affiliate the tenant does not have', async () => {
    const { requests, outbox } = world();
    expect((await requests.eraseAffiliate(tenant, 'a-404'))._unsafeUnwrapErr().code).toBe('not_found');
    expect((await requests.exportAffiliate(tenant, 'a-404'))._unsafeUnwrapErr().code).toBe('not_found');
    expect(outbox.events).toEqual([]);
  });

  it('records no event when the erasure fails', async () => {
    const { requests, outbox } = world(true);
    await expect(requests.eraseAffiliate(tenant, 'a-1')).rejects.toThrow('database down');
    expect(outbox.events).toEqual([]);
  });

  it('erases a customer by email; the event carries counts, never the email; nothing named, no event', async () => {
    const { requests, outbox } = world();
    expect((await requests.eraseCustomer(tenant, ' Grace@example.com '))._unsafeUnwrap()).toMatchObject({ customers: 1, commissions: 2 });
    expect(outbox.events.map((e) => e.payload)).toEqual([{ customers: 1, commissions: 2 }]);
    expect(JSON.stringify(outbox.events)).not.toContain('grace');
    expect((await requests.eraseCustomer(tenant, 'nobody@example.com'))._unsafeUnwrap()).toMatchObject({ customers: 0, commissions: 0 });
    expect(outbox.events).toHaveLength(1);
  });

  it('dates the affiliate’s copy', async () => {
    const { requests } = world();
    expect((await requests.exportAffiliate(tenant, 'a-1'))._unsafeUnwrap()).toMatchObject({ exportedAt: '2026-11-29T00:00:00.000Z', affiliate: { id: 'a-1' } });
  });
});

import { describe, expect, it } from 'vitest';
import { OperatorConversionActions } from '../../application/conversions/operator-conversion-actions.js';
import type { ConversionChangeHook, RefundConversion } from '../../application/conversions/refund-conversion.js';
import { UpdateConversionStatus } from '../../application/conversions/update-conversion-status.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type Conversion, type ConversionPatchStatus, type ConversionStatus } from '../../domain/index.js';
import { RequestAudit, type AuditedRequest } from '../../application/shared/request-audit.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { keyActor } from '../mothers/actor.mother.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';

const NOW = new Date('2026-11-15T12:00:00.000Z');

/** A merchant's sale in some state, and the status use case (and the operator's hold) over the fakes. */
const saleOf = async (fields: Parameters<typeof aConversion>[2] = {}, options: { automaticPayouts?: boolean; merchant?: boolean } = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: options.automaticPayouts ?? true });
  if (options.merchant !== false) await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const sale = aConversion(world.ids.next(), { ...tenant, campaignId: 'campaign-1', affiliateId: 'affiliate-1' }, fields);
  await world.conversions.recordSale(sale, []);
  const changed: Conversion[] = [];
  const hook: ConversionChangeHook = { afterConversionChanged: async (conversion) => void changed.push(conversion) };
  const auditLog = new InMemoryAuditLog(world.transactions);
  const useCase = new UpdateConversionStatus(world.uow, world.merchants, world.changeSinks, world.clock, new RequestAudit(auditLog, world.ids), [hook]);
  const operator = new OperatorConversionActions(world.uow, world.merchants, world.changeSinks, world.clock, {} as RefundConversion, [hook]);
  const patch = (status: ConversionPatchStatus, confirmAboveSale = false, on: Tenant = tenant, request?: AuditedRequest) =>
    useCase.execute({ tenant: on, id: sale.id, status, confirmAboveSale, request });
  const stored = () => world.conversions.findById(tenant, sale.id);
  return { world, tenant, sale, patch, stored, changed, operator, auditLog };
};

const codeOf = (result: { isErr(): boolean }) => (result.isErr() ? (result as unknown as { error: { code: string } }).error.code : 'ok');

describe('UpdateConversionStatus (use case, in-memory stores)', () => {
  it('approves a pending sale: approvedAt, conversion.approved and conversion.updated, its payout queued, the hooks told', async () => {
    const { world, sale, patch, stored, changed, tenant } = await saleOf();
    const approved = (await patch('approved'))._unsafeUnwrap();
    expect(approved).toMatchObject({ id: sale.id, status: 'approved', approvedAt: NOW, updatedAt: NOW });
    expect(await stored()).toEqual(approved);
    expect(world.outbox.types()).toEqual(['conversion.approved', 'conversion.updated']);
    for (const event of world.outbox.events) {
      expect(event).toMatchObject({ merchantId: tenant.merchantId, mode: 'live', occurredAt: NOW });
      expect(event.payload).toMatchObject({ conversionId: sale.id, status: 'approved', commission: '10.00', amount: '100.00' });
    }
    expect(world.payouts.queued(sale.id)).toEqual({ conversionId: sale.id, amount: '10', queuedAt: NOW });
    expect(changed).toEqual([approved]);
  });

  it("writes the request's audit row with the change, and none when the change is refused", async () => {
    const { patch, tenant, auditLog } = await saleOf({ amount: new Decimal(10), percent: 501 });
    const request: AuditedRequest = {
      actor: keyActor('owner', true),
      origin: { method: 'PATCH', path: '/api/v1/conversions/x', address: '203.0.113.9', userAgent: 'curl', requestId: 'req-1', status: 200 },
    };
    expect(codeOf(await patch('approved', false, tenant, request))).toBe('commission_above_sale');
    expect(auditLog.all()).toEqual([]);
    expect(codeOf(await patch('approved', true, tenant, request))).toBe('ok');
    expect(auditLog.all()).toEqual([
      {
        id: expect.any(String), actor: 'api_key', apiKeyId: 'key-1', merchantId: tenant.merchantId,
        method: 'PATCH', path: '/api/v1/conversions/x', status: 200, errorCode: null, address: '203.0.113.9', userAgent: 'curl', requestId: 'req-1', createdAt: NOW,
      },
    ]);
    // Without a request (the dashboard audits its own), nothing is appended.
    expect(codeOf(await patch('held'))).toBe('ok');
    expect(auditLog.all()).toHaveLength(1);
  });

  it('queues no payout for a merchant who pays by hand', async () => {
    const { world, sale, patch } = await saleOf({}, { automaticPayouts: false });
    expect(codeOf(await patch('approved'))).toBe('ok');
    expect(world.payouts.queued(sale.id)).toBeUndefined();
  });

  it('refuses to approve a commission above 5x the sale unless confirmed (the 5x guard), changing nothing', async () => {
    const { world, patch, stored, changed, sale } = await saleOf({ amount: new Decimal(10), percent: 501 });
    const refused = await patch('approved');
    expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'commission_above_sale' });
    expect(await stored()).toEqual(sale);
    expect(world.outbox.events).toEqual([]);
    expect(changed).toEqual([]);
    expect((await patch('approved', true))._unsafeUnwrap().status).toBe('approved');
  });

  it('approves a commission of exactly 5x the sale without confirmation, and guards a zero sale', async () => {
    const fiveTimes = await saleOf({ amount: new Decimal(10), percent: 500 });
    expect(codeOf(await fiveTimes.patch('approved'))).toBe('ok');
    const zero = await saleOf({ amount: new Decimal(0) });
    expect(codeOf(await zero.patch('approved'))).toBe('commission_above_sale');
    expect(codeOf(await zero.patch('approved', true))).toBe('ok');
  });

  it('answers an approval repeated on an approved sale as done, with no events, no payout change, no hooks', async () => {
    const { world, patch, changed } = await saleOf({ status: 'approved', approvedAt: NOW });
    const repeated = await patch('approved');
    expect(repeated._unsafeUnwrap().status).toBe('approved');
    expect(world.outbox.events).toEqual([]);
    expect(world.payouts.calls).toEqual([]);
    expect(changed).toEqual([]);
  });

  it('rejects an approved sale: conversion.rejected and conversion.updated, its queued payout cancelled', async () => {
    const { world, sale, patch } = await saleOf({ status: 'approved', approvedAt: NOW });
    await world.payouts.queueFor(sale, aMerchant('m'), NOW);
    const rejected = (await patch('rejected'))._unsafeUnwrap();
    expect(rejected).toMatchObject({ status: 'rejected', approvedAt: null });
    expect(world.outbox.types()).toEqual(['conversion.rejected', 'conversion.updated']);
    expect(world.payouts.queued(sale.id)).toBeUndefined();
  });

  it('refuses to move a sale whose payout is with the provider (payout_in_progress), writing nothing', async () => {
    const { world, sale, patch, stored } = await saleOf({ status: 'approved', approvedAt: NOW });
    world.payouts.markInProgress(sale.id);
    for (const status of ['rejected', 'held'] as const) {
      expect(codeOf(await patch(status))).toBe('payout_in_progress');
    }
    expect(await stored()).toEqual(sale);
    expect(world.outbox.events).toEqual([]);
  });

  it.each<[ConversionStatus, ConversionPatchStatus]>([
    ['paid', 'rejected'],
    ['paid', 'approved'],
    ['refunded', 'approved'],
    ['rejected', 'approved'],
    ['held', 'rejected'],
    ['approved', 'pending'],
    ['pending', 'released'],
  ])('refuses to move a %s sale to %s (invalid_transition)', async (from, to) => {
    const { world, patch, stored, sale } = await saleOf({ status: from, ...(from === 'held' ? { heldFrom: 'pending' as const } : {}) });
    expect(codeOf(await patch(to))).toBe('invalid_transition');
    expect(await stored()).toEqual(sale);
    expect(world.outbox.events).toEqual([]);
  });

  it('holds an approved sale (cancelling its payout) and releases it back to approved, re-queued, through the 5x guard again', async () => {
    const { world, sale, patch } = await saleOf({ status: 'approved', approvedAt: NOW, amount: new Decimal(10), percent: 600 });
    await world.payouts.queueFor(sale, aMerchant('m'), NOW);
    const held = (await patch('held'))._unsafeUnwrap();
    expect(held).toMatchObject({ status: 'held', heldFrom: 'approved' });
    expect(world.payouts.queued(sale.id)).toBeUndefined();
    expect(codeOf(await patch('released'))).toBe('commission_above_sale');
    const released = (await patch('released', true))._unsafeUnwrap();
    expect(released).toMatchObject({ status: 'approved', heldFrom: null, approvedAt: NOW });
    expect(world.payouts.queued(sale.id)?.amount).toBe('60');
  });

  it('reopens a rejected sale for a new decision, and treats reopening a pending one as done', async () => {
    const rejected = await saleOf({ status: 'rejected' });
    expect((await rejected.patch('pending'))._unsafeUnwrap().status).toBe('pending');
    expect(rejected.world.outbox.types()).toEqual(['conversion.updated']);
    const pending = await saleOf();
    expect((await pending.patch('pending'))._unsafeUnwrap().status).toBe('pending');
    expect(pending.world.outbox.events).toEqual([]);
  });

  it("does not find another mode's or merchant's sale", async () => {
    const { patch, tenant, world } = await saleOf();
    for (const other of [{ ...tenant, mode: 'test' as const }, { merchantId: 'another-merchant', mode: 'live' as const }]) {
      expect((await patch('approved', false, other))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Conversion not found' });
    }
    expect(world.outbox.events).toEqual([]);
  });

  it('answers not_found when the merchant is gone', async () => {
    const { patch } = await saleOf({}, { merchant: false });
    expect((await patch('approved'))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Merchant not found' });
  });

  it("lets the operator hold any merchant's sale, and answers not_found for an unknown id", async () => {
    const { operator, sale, world, changed } = await saleOf({ status: 'pending' });
    const held = (await operator.hold(sale.id))._unsafeUnwrap();
    expect(held).toMatchObject({ status: 'held', heldFrom: 'pending' });
    expect(world.outbox.types()).toEqual(['conversion.updated']);
    expect(changed).toEqual([held]);
    expect(codeOf(await operator.hold('no-such-sale'))).toBe('not_found');
  });

  it('serialises two changes of one sale: the second sees the first', async () => {
    const { patch, world } = await saleOf();
    const [approve, reject] = await Promise.all([patch('approved'), patch('rejected')]);
    expect([approve._unsafeUnwrap().status, reject._unsafeUnwrap().status]).toEqual(['approved', 'rejected']);
    // The rejection found the sale approved, so it cancelled the payout the approval queued.
    expect(world.payouts.calls).toEqual([`queue:${approve._unsafeUnwrap().id}`, `cancel:${approve._unsafeUnwrap().id}`]);
  });
});

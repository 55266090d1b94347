import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEvent } from '../../application/ports/event-outbox.js';
import { Decimal, type Conversion, type ConversionSource, type ConversionStatus, type CurrencyCode, type DatedAmount } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const DAY = 86_400_000;
const MARCH = { from: new Date('2026-03-01T00:00:00.000Z'), to: new Date('2026-04-01T00:00:00.000Z') };

/**
 * What `ConversionRepository` promises, whichever store keeps the rows: a sale is written with its
 * events or not at all, order ids are unique per merchant and mode, reads see only
 * the tenant's rows, locks serialise changes, and the sums the caps and tiers read count the sales
 * statistics count (every status but rejected and refunded).
 */
export const conversionRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('ConversionRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    const live = (fields: Parameters<typeof aConversion>[2] = {}): Conversion =>
      aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId: program.liveAffiliateId }, fields);
    const inTest = (fields: Parameters<typeof aConversion>[2] = {}): Conversion =>
      aConversion(world.ids.next(), { ...program.test, campaignId: program.campaignId, affiliateId: program.testAffiliateId }, fields);
    const eventFor = (c: Conversion, type: string): OutboxEvent => ({
      merchantId: c.merchantId,
      mode: c.mode,
      type,
      payload: { conversionId: c.id },
      occurredAt: c.createdAt,
    });
    const record = (c: Conversion, events: readonly OutboxEvent[] = []) => inTransaction(world, () => world.conversions.recordSale(c, events));
    const read = <T>(work: () => Promise<T>) => world.run(work);

    it('records a sale that every look-up of its tenant then finds as it was', async () => {
      const sale = live({ orderId: `order-${world.ids.next()}`, taxAmount: new Decimal('7.25'), customerEmail: 'buyer@example.com', customerName: 'A Buyer' });
      expect(await record(sale)).toBe('inserted');
      expect(plain(await read(() => world.conversions.findById(program.live, sale.id)))).toEqual(plain(sale));
      expect(plain(await read(() => world.conversions.findByOrderIdForUpdate(program.live, sale.orderId!)))).toEqual(plain(sale));
      const locked = await inTransaction(world, async () => ({
        byId: await world.conversions.findByIdForUpdate(program.live, sale.id),
        byOrder: await world.conversions.findByOrderIdForUpdate(program.live, sale.orderId!),
        operator: await world.conversions.findByIdForUpdateAcrossTenants(sale.id),
      }));
      expect(plain(locked)).toEqual({ byId: plain(sale), byOrder: plain(sale), operator: plain(sale) });
    });

    it("writes the sale's events with it", async () => {
      const sale = live();
      await record(sale, [eventFor(sale, 'contract.sale_recorded')]);
      const events = (await world.eventsOfType('contract.sale_recorded')).filter((e) => (e.payload as { conversionId: string }).conversionId === sale.id);
      expect(events).toEqual([{ merchantId: program.merchantId, mode: 'live', payload: { conversionId: sale.id } }]);
    });

    it('refuses a second sale with an order id its tenant used, writing neither it nor its events', async () => {
      const orderId = `dup-${world.ids.next()}`;
      const first = live({ orderId });
      await record(first);
      const second = live({ orderId, amount: new Decimal('55') });
      expect(await record(second, [eventFor(second, 'contract.duplicate_sale')])).toBe('duplicate_order');
      expect(await read(() => world.conversions.findById(program.live, second.id))).toBeNull();
      expect(await world.eventsOfType('contract.duplicate_sale')).toEqual([]);
      expect((await read(() => world.conversions.findByOrderIdForUpdate(program.live, orderId)))?.id).toBe(first.id);
    });

    it('lets the other mode and another merchant use the same order id', async () => {
      const orderId = `shared-${world.ids.next()}`;
      await record(live({ orderId }));
      const test = inTest({ orderId });
      const elsewhere = aConversion(world.ids.next(), { ...other.live, campaignId: other.campaignId, affiliateId: other.liveAffiliateId }, { orderId });
      expect(await record(test)).toBe('inserted');
      expect(await record(elsewhere)).toBe('inserted');
      expect((await read(() => world.conversions.findByOrderIdForUpdate(program.test, orderId)))?.id).toBe(test.id);
      expect((await read(() => world.conversions.findByOrderIdForUpdate(other.live, orderId)))?.id).toBe(elsewhere.id);
    });

    it("never shows one tenant's sale to the other mode or another merchant", async () => {
      const sale = live({ orderId: `mine-${world.ids.next()}` });
      await record(sale);
      for (const tenant of [program.test, other.live, other.test]) {
        expect(await read(() => world.conversions.findById(tenant, sale.id))).toBeNull();
        expect(await read(() => world.conversions.findByOrderIdForUpdate(tenant, sale.orderId!))).toBeNull();
        expect(await inTransaction(world, () => world.conversions.findByIdForUpdate(tenant, sale.id))).toBeNull();
        expect(await inTransaction(world, () => world.conversions.findByOrderIdForUpdate(tenant, sale.orderId!))).toBeNull();
      }
    });

    it('saves a state change with every field it carries, keeping who, where and when the sale was made', async () => {
      const sale = live();
      await record(sale);
      const paidAt = new Date(sale.createdAt.getTime() + 3 * DAY);
      const changed: Conversion = {
        ...sale,
        status: 'paid',
        commission: new Decimal('7.5'),
        refundedAmount: new Decimal('25'),
        payoutMethod: 'connect',
        payoutDate: paidAt,
        cardTransferId: 'tr_123',
        approvedAt: new Date(sale.createdAt.getTime() + DAY),
        updatedAt: paidAt,
      };
      await inTransaction(world, () => world.conversions.update(changed));
      expect(plain(await read(() => world.conversions.findById(program.live, sale.id)))).toEqual(plain(changed));
    });

    it("does not change a sale through another tenant's update", async () => {
      const sale = live();
      await record(sale);
      await inTransaction(world, () => world.conversions.update({ ...sale, mode: 'test', status: 'rejected' }));
      await inTransaction(world, () => world.conversions.update({ ...sale, merchantId: other.merchantId, status: 'rejected' }));
      expect((await read(() => world.conversions.findById(program.live, sale.id)))?.status).toBe('pending');
    });

    it('holds a locked sale until the transaction ends: a second locking read waits and sees the change', async () => {
      const sale = live();
      await record(sale);
      const steps: string[] = [];
      let locked!: () => void;
      const firstHoldsLock = new Promise<void>((resolve) => (locked = resolve));
      const first = inTransaction(world, async () => {
        const current = await world.conversions.findByIdForUpdate(program.live, sale.id);
        locked();
        await new Promise((resolve) => setTimeout(resolve, 40));
        await world.conversions.update({ ...current!, status: 'approved', approvedAt: sale.createdAt, updatedAt: sale.createdAt });
        steps.push('first commits');
      });
      await firstHoldsLock;
      const second = inTransaction(world, async () => {
        const seen = await world.conversions.findByIdForUpdate(program.live, sale.id);
        steps.push(`second reads ${seen?.status}`);
      });
      await Promise.all([first, second]);
      expect(steps).toEqual(['first commits', 'second reads approved']);
    });

    it('takes back a rolled-back sale', async () => {
      const sale = live();
      await expect(
        inTransaction(world, async () => {
          await world.conversions.recordSale(sale, []);
          throw new Error('the sale failed after it was written');
        }),
      ).rejects.toThrow('the sale failed');
      expect(await read(() => world.conversions.findById(program.live, sale.id))).toBeNull();
    });

    describe('sums for caps and tiers', () => {
      let tiers: ProgramRefs;
      let otherCampaign: string;
      let otherAffiliate: string;

      const at = (iso: string) => new Date(iso);
      const sale = (createdAt: string, amount: string, status: ConversionStatus, where: { campaignId?: string; affiliateId?: string; currency?: string } = {}) =>
        aConversion(
          world.ids.next(),
          { ...tiers.live, campaignId: where.campaignId ?? tiers.campaignId, affiliateId: where.affiliateId ?? tiers.liveAffiliateId },
          { createdAt: at(createdAt), amount: new Decimal(amount), status, currency: (where.currency ?? 'usd') as CurrencyCode },
        );

      beforeAll(async () => {
        tiers = await world.program();
        otherCampaign = await world.campaign(tiers);
        otherAffiliate = (await world.affiliate(tiers)).id;
        const sales = [
          sale('2026-03-01T00:00:00.000Z', '10', 'pending'),
          sale('2026-03-05T12:00:00.000Z', '20.5', 'approved'),
          sale('2026-03-10T08:00:00.000Z', '30', 'paid'),
          sale('2026-03-15T09:30:00.000Z', '40', 'held'),
          sale('2026-03-20T10:00:00.000Z', '1000', 'rejected'),
          sale('2026-03-21T10:00:00.000Z', '2000', 'refunded'),
          sale('2026-03-31T23:59:59.999Z', '5', 'pending', { currency: 'eur' }),
          sale('2026-04-01T00:00:00.000Z', '3000', 'pending'),
          sale('2026-02-28T23:59:59.999Z', '4000', 'approved'),
          sale('2026-03-12T00:00:00.000Z', '7', 'approved', { campaignId: otherCampaign }),
          sale('2026-03-13T00:00:00.000Z', '9', 'approved', { affiliateId: otherAffiliate }),
          aConversion(world.ids.next(), { ...tiers.test, campaignId: tiers.campaignId, affiliateId: tiers.testAffiliateId }, { createdAt: at('2026-03-02T00:00:00.000Z'), amount: new Decimal('5000') }),
        ];
        for (const s of sales) await record(s);
      });

      const plainAmounts = (amounts: readonly DatedAmount[]) => amounts.map((a) => [a.day, a.currency, a.amount.toFixed()]);

      it("sums the tenant's counted sale amounts created in [from, to) per UTC day and currency, never across currencies", async () => {
        const whole = await read(() => world.conversions.sumSales(tiers.live, MARCH.from, MARCH.to));
        expect(plainAmounts(whole)).toEqual([
          ['2026-03-01', 'usd', '10'],
          ['2026-03-05', 'usd', '20.5'],
          ['2026-03-10', 'usd', '30'],
          ['2026-03-12', 'usd', '7'],
          ['2026-03-13', 'usd', '9'],
          ['2026-03-15', 'usd', '40'],
          ['2026-03-31', 'eur', '5'],
        ]);
        const part = await read(() => world.conversions.sumSales(tiers.live, at('2026-03-05T12:00:00.000Z'), at('2026-03-15T09:30:00.000Z')));
        expect(plainAmounts(part)).toEqual([
          ['2026-03-05', 'usd', '20.5'],
          ['2026-03-10', 'usd', '30'],
          ['2026-03-12', 'usd', '7'],
          ['2026-03-13', 'usd', '9'],
        ]);
        expect(plainAmounts(await read(() => world.conversions.sumSales(tiers.test, MARCH.from, MARCH.to)))).toEqual([['2026-03-02', 'usd', '5000']]);
        expect(await read(() => world.conversions.sumSales(other.live, MARCH.from, MARCH.to))).toEqual([]);
      });

      it("counts the affiliate's counted sales on the campaign in [from, to) for volume tiers, amounts per day and currency", async () => {
        const month = await read(() => world.conversions.monthToDate(tiers.live, tiers.liveAffiliateId, tiers.campaignId, MARCH.from, MARCH.to));
        expect(month.conversions).toBe(5);
        expect(plainAmounts(month.sales)).toEqual([
          ['2026-03-01', 'usd', '10'],
          ['2026-03-05', 'usd', '20.5'],
          ['2026-03-10', 'usd', '30'],
          ['2026-03-15', 'usd', '40'],
          ['2026-03-31', 'eur', '5'],
        ]);
        const elsewhere = await read(() => world.conversions.monthToDate(tiers.live, otherAffiliate, otherCampaign, MARCH.from, MARCH.to));
        expect({ conversions: elsewhere.conversions, sales: elsewhere.sales }).toEqual({ conversions: 0, sales: [] });
        const test = await read(() => world.conversions.monthToDate(tiers.test, tiers.liveAffiliateId, tiers.campaignId, MARCH.from, MARCH.to));
        expect(test.conversions).toBe(0);
      });
    });

    describe('automatic approval claims', () => {
      let auto: ProgramRefs;
      let autoCampaign: string;
      let manualCampaign: string;
      let approvedAffiliate: string;
      let pendingAffiliate: string;
      const now = new Date('2027-06-20T12:00:00.000Z');
      const daysBefore = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs);
      const mine = new Set<string>();

      const sale = (createdAt: Date, fields: { campaignId?: string; affiliateId?: string; status?: ConversionStatus; source?: ConversionSource } = {}) => {
        const c = aConversion(
          world.ids.next(),
          { ...auto.live, campaignId: fields.campaignId ?? autoCampaign, affiliateId: fields.affiliateId ?? approvedAffiliate },
          { createdAt, status: fields.status ?? 'pending', source: fields.source ?? 'api' },
        );
        mine.add(c.id);
        return c;
      };
      const claim = (limit: number, after: { createdAt: Date; id: string } | null = null) =>
        inTransaction(world, async () => (await world.conversions.claimDueForAutoApproval(now, limit, after)).filter((d) => mine.has(d.conversion.id)));

      let due: Conversion[];
      beforeAll(async () => {
        auto = await world.program();
        autoCampaign = await world.campaign(auto, { autoApproveDays: 7 });
        manualCampaign = await world.campaign(auto);
        approvedAffiliate = (await world.affiliate(auto, { campaignId: autoCampaign })).id;
        pendingAffiliate = (await world.affiliate(auto, { campaignId: autoCampaign, membership: 'pending' })).id;
        // Oldest first: 30 days, 12 (flagged), 9 (membership pending), 7 (due to the millisecond).
        due = [sale(daysBefore(30)), sale(daysBefore(7)), sale(daysBefore(9), { affiliateId: pendingAffiliate }), sale(daysBefore(12))];
        const notDue = [
          sale(daysBefore(7, -1)),
          sale(daysBefore(30), { status: 'approved' }),
          sale(daysBefore(30), { campaignId: manualCampaign }),
          sale(daysBefore(30), { source: 'import' }),
        ];
        for (const c of [...due, ...notDue]) await record(c);
        const flagged = due[3]!;
        await inTransaction(world, () =>
          world.riskFlags.replace(auto.live, 'conversion', flagged.id, [{ code: 'fast_conversion', message: 'fast', evidence: [flagged.id], action: 'flag' }], now),
        );
      });

      it('claims pending sales whose automatic-approval period has ended, oldest first, saying whether the affiliate is approved and the sale flagged', async () => {
        const claimed = await claim(100);
        expect(claimed.map((d) => d.conversion.id)).toEqual([due[0]!.id, due[3]!.id, due[2]!.id, due[1]!.id]);
        expect(claimed.map((d) => [d.campaignAutoApproveDays, d.affiliateApproved, d.flagged])).toEqual([
          [7, true, false],
          [7, true, true],
          [7, false, false],
          [7, true, false],
        ]);
      });

      it('pages by limit and from after the last one claimed', async () => {
        const first = await claim(1);
        expect(first.map((d) => d.conversion.id)).toEqual([due[0]!.id]);
        const rest = await claim(100, { createdAt: first[0]!.conversion.createdAt, id: first[0]!.conversion.id });
        expect(rest.map((d) => d.conversion.id)).toEqual([due[3]!.id, due[2]!.id, due[1]!.id]);
      });

      it('pages over sales made in the same instant by their id', async () => {
        const twins = [sale(daysBefore(40)), sale(daysBefore(40))].sort((a, b) => (a.id < b.id ? -1 : 1));
        for (const c of twins) await record(c);
        const first = await claim(1);
        expect(first.map((d) => d.conversion.id)).toEqual([twins[0]!.id]);
        const next = await claim(1, { createdAt: twins[0]!.createdAt, id: twins[0]!.id });
        expect(next.map((d) => d.conversion.id)).toEqual([twins[1]!.id]);
        // Claimed and released: the rest of the block's expectations leave them out.
        for (const c of twins) mine.delete(c.id);
      });

      it('skips sales another transaction holds', async () => {
        let locked!: () => void;
        let finish!: () => void;
        const held = new Promise<void>((resolve) => (locked = resolve));
        const done = new Promise<void>((resolve) => (finish = resolve));
        const holder = inTransaction(world, async () => {
          await world.conversions.findByIdForUpdate(auto.live, due[0]!.id);
          locked();
          await done;
        });
        await held;
        const claimed = await claim(100);
        finish();
        await holder;
        expect(claimed.map((d) => d.conversion.id)).toEqual([due[3]!.id, due[2]!.id, due[1]!.id]);
      });
    });
  });
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_APPROVE_COMMISSION_DAYS,
  createCampaign,
  Decimal,
  formatCommissionValue,
  setsAutoApproval,
  type NewCampaign,
} from '../../domain/index.js';
import { decimalOf, fixedValueArb, percentArb } from '../arbitraries/money.js';

const context = { id: 'c1', merchantId: 'm1', trackingCode: 'abcd2345', now: new Date(Date.UTC(2026, 10, 22)) };
const valid: NewCampaign = { name: 'Spring', commissionType: 'percentage', commissionValue: new Decimal(20) };
const fieldsOf = (input: NewCampaign) => {
  const result = createCampaign(input, context);
  return result.isErr() ? (result.error.details ?? []).map((d) => d.field) : [];
};

describe('createCampaign', () => {
  it('applies the spec defaults', () => {
    const campaign = createCampaign(valid, context)._unsafeUnwrap();
    expect(campaign).toMatchObject({
      id: 'c1',
      merchantId: 'm1',
      trackingCode: 'abcd2345',
      status: 'active',
      description: null,
      targetUrl: null,
      autoApproveAffiliates: false,
      autoApproveCommissionsAfterDays: null,
      isPublic: true,
      enableRecurringCommissions: false,
      createdAt: context.now,
      updatedAt: context.now,
    });
  });

  it('accepts a name exactly when its trimmed length is 2 to 200 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 220 }), (name) => {
        const length = name.trim().length;
        const ok = createCampaign({ ...valid, name }, context).isOk();
        expect(ok).toBe(length >= 2 && length <= 200);
      }),
    );
  });

  it('accepts every percentage from 0 to 100 and every fixed value from 0 to 100000 (up to 4 decimals)', () => {
    fc.assert(
      fc.property(percentArb, (p) => {
        expect(createCampaign({ ...valid, commissionValue: decimalOf(p) }, context).isOk()).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fixedValueArb, (f) => {
        expect(createCampaign({ ...valid, commissionType: 'fixed', commissionValue: decimalOf(f) }, context).isOk()).toBe(true);
      }),
    );
  });

  it('refuses commission values out of range, naming commissionValue', () => {
    for (const [type, value] of [
      ['percentage', '100.0001'],
      ['percentage', '-0.01'],
      ['fixed', '100000.01'],
      ['fixed', '1.23456'],
    ] as const) {
      expect(fieldsOf({ ...valid, commissionType: type, commissionValue: new Decimal(value) })).toEqual(['commissionValue']);
    }
  });

  it('allows only 7, 14, 30, 60, 90 or null for autoApproveCommissionsAfterDays', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 400 }), (days) => {
        const allowed = (AUTO_APPROVE_COMMISSION_DAYS as readonly number[]).includes(days);
        expect(createCampaign({ ...valid, autoApproveCommissionsAfterDays: days }, context).isOk()).toBe(allowed);
      }),
    );
    expect(createCampaign({ ...valid, autoApproveCommissionsAfterDays: null }, context).isOk()).toBe(true);
  });

  it('reports every broken rule at once and checks target URLs', () => {
    expect(
      fieldsOf({
        name: 'x',
        commissionType: 'percentage',
        commissionValue: new Decimal(500),
        autoApproveCommissionsAfterDays: 3,
        targetUrl: 'ftp://files.example.com',
      }),
    ).toEqual(['name', 'commissionValue', 'autoApproveCommissionsAfterDays', 'targetUrl']);
    for (const url of ['https://shop.example.com', 'http://localhost:8080/x?y=1#z', 'https://[::1]/a']) {
      expect(fieldsOf({ ...valid, targetUrl: url })).toEqual([]);
    }
    for (const url of ['shop.example.com', 'javascript:alert(1)', 'https://', 'https://exa mple.com']) {
      expect(fieldsOf({ ...valid, targetUrl: url })).toEqual(['targetUrl']);
    }
  });

  it('treats only a non-null autoApproveCommissionsAfterDays as setting automatic approval', () => {
    expect(setsAutoApproval({})).toBe(false);
    expect(setsAutoApproval({ autoApproveCommissionsAfterDays: null })).toBe(false);
    expect(setsAutoApproval({ autoApproveCommissionsAfterDays: 7 })).toBe(true);
  });
});

describe('formatCommissionValue', () => {
  it('is the same number, with at least two decimals and no more than it has', () => {
    fc.assert(
      fc.property(fixedValueArb, (f) => {
        const value = decimalOf(f);
        const text = formatCommissionValue(value);
        expect(new Decimal(text).eq(value)).toBe(true);
        const decimals = text.split('.')[1] ?? '';
        expect(decimals.length).toBe(Math.max(2, value.decimalPlaces()));
      }),
    );
    expect(formatCommissionValue(new Decimal('20.000000'))).toBe('20.00');
    expect(formatCommissionValue(new Decimal('7.125'))).toBe('7.125');
  });
});

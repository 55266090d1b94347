import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  form1099NecDue,
  irs1099NecThreshold,
  maskTaxDetails,
  maskTin,
  needsTaxDetails,
  parseTaxDetails,
  parseUsTin,
  parseVatId,
  rateHistory,
  type CurrencyCode,
  type DatedAmount,
  type TaxDetailsRequirement,
} from '../../domain/index.js';

const TODAY = '2026-11-28';
const usd = 'usd' as CurrencyCode;
const eur = 'eur' as CurrencyCode;
const signed = { name: 'Ada Lovelace', date: TODAY, certified: true };
const w9 = (overrides: Record<string, unknown> = {}) => ({
  country: 'US',
  form: 'w9',
  legalName: 'Ada Lovelace',
  taxClassification: 'individual',
  tinType: 'ssn',
  tin: '123-45-6789',
  address: { line1: '1 Main St', city: 'Springfield', state: 'il', zip: '62701' },
  signature: signed,
  ...overrides,
});
const w8ben = (overrides: Record<string, unknown> = {}) => ({
  country: 'DE',
  form: 'w8ben',
  name: 'Grete Weber',
  countryOfCitizenship: 'de',
  address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  foreignTin: '12345678901',
  signature: signed,
  ...overrides,
});
const w8bene = (overrides: Record<string, unknown> = {}) => ({
  country: 'FR',
  form: 'w8bene',
  organisationName: 'Exemple SARL',
  countryOfIncorporation: 'FR',
  entityType: 'corporation',
  fatcaStatus: 'active_nffe',
  address: { line1: '1 rue de Rivoli', city: 'Paris', country: 'FR' },
  foreignTinReason: 'FR issues no TIN to this kind of entity',
  vatId: 'fr 40 303 265 045',
  signature: { ...signed, capacity: 'Gérant' },
  ...overrides,
});
const fields = (input: Record<string, unknown>) => parseTaxDetails(input, TODAY)._unsafeUnwrapErr().details?.map((d) => d.field);

describe('US TINs', () => {
  it('reads SSNs and EINs with or without separators, and refuses numbers the IRS never issues', () => {
    expect(parseUsTin('ssn', '123-45-6789')._unsafeUnwrap()).toBe('123456789');
    expect(parseUsTin('ein', '12-3456789')._unsafeUnwrap()).toBe('123456789');
    expect(parseUsTin('ssn', '912-70-1234')._unsafeUnwrap()).toBe('912701234'); // an ITIN
    for (const bad of ['000-12-3456', '666-12-3456', '123-00-4567', '123-45-0000', '912-40-1234', '12345678', '1234567890', 'abc-de-fghi']) {
      expect(parseUsTin('ssn', bad).isErr(), bad).toBe(true);
    }
    for (const bad of ['07-1234567', '89-1234567', '00-0000000', '19-1234567']) expect(parseUsTin('ein', bad).isErr(), bad).toBe(true);
  });

  it('any nine digits in SSN layout either parse to themselves or are refused naming the field', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.constantFrom('ssn' as const, 'ein' as const), (digits, type) => {
        const formatted = type === 'ssn' ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : `${digits.slice(0, 2)}-${digits.slice(2)}`;
        const parsed = parseUsTin(type, formatted);
        if (parsed.isOk()) expect(parsed.value).toBe(digits);
        else expect(parsed.error.details?.[0]?.field).toBe('tin');
      }),
    );
  });

  it('a masked TIN shows its last four characters and nothing else of it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{5,20}$/), fc.constantFrom('ssn' as const, 'ein' as const, 'foreign' as const), (tin, kind) => {
        const masked = maskTin(tin, kind);
        expect(masked.endsWith(tin.slice(-4))).toBe(true);
        expect(masked.replace(/[•-]/g, '')).toBe(tin.slice(-4));
      }),
    );
    expect(maskTin('1234', 'foreign')).toBe('••••');
  });
});

describe('EU VAT ids', () => {
  const valid: Record<string, string> = {
    AT: 'ATU12345678', BE: 'BE0123456789', BG: 'BG123456789', CY: 'CY12345678X', CZ: 'CZ12345678', DE: 'DE123456789', DK: 'DK12345678',
    EE: 'EE123456789', GR: 'EL123456789', ES: 'ESX1234567X', FI: 'FI12345678', FR: 'FRXX123456789', HR: 'HR12345678901', HU: 'HU12345678',
    IE: 'IE1234567WA', IT: 'IT12345678901', LT: 'LT123456789', LU: 'LU12345678', LV: 'LV12345678901', MT: 'MT12345678', NL: 'NL123456789B01',
    PL: 'PL1234567890', PT: 'PT123456789', RO: 'RO1234567', SE: 'SE123456789001', SI: 'SI12345678', SK: 'SK1234567890',
  };
  it('reads one valid id of each member state, in its own country, whatever the spacing and case', () => {
    for (const [country, id] of Object.entries(valid)) {
      const spaced = `${id.slice(0, 2).toLowerCase()} ${id.slice(2, 5)}.${id.slice(5)}`;
      expect(parseVatId(spaced, country)._unsafeUnwrap().value, country).toBe(id);
    }
  });
  it('refuses a wrong length, an unknown prefix, and another country\'s id', () => {
    expect(parseVatId('DE12345678').isErr()).toBe(true);
    expect(parseVatId('NL123456789C01').isErr()).toBe(true);
    expect(parseVatId('SE123456789002').isErr()).toBe(true);
    expect(parseVatId('US123456789').isErr()).toBe(true);
    expect(parseVatId('DE123456789', 'FR').isErr()).toBe(true);
    expect(parseVatId('GR123456789', 'GR').isErr()).toBe(true); // Greece's prefix is EL
  });
  it('a German number of any length other than nine digits is refused', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,15}$/), (n) => parseVatId(`DE${n}`, 'DE').isOk() === (n.length === 9)));
  });
});

describe('tax forms', () => {
  it('reads a complete W-9, W-8BEN and W-8BEN-E', () => {
    expect(parseTaxDetails(w9(), TODAY)._unsafeUnwrap()).toMatchObject({ country: 'US', vatId: null, form: { form: 'w9', tin: '123456789', address: { state: 'IL' } } });
    expect(parseTaxDetails(w8ben(), TODAY)._unsafeUnwrap().form).toMatchObject({ form: 'w8ben', countryOfCitizenship: 'DE', treatyClaim: null });
    expect(parseTaxDetails(w8bene(), TODAY)._unsafeUnwrap()).toMatchObject({ vatId: { value: 'FR40303265045' }, form: { form: 'w8bene', signature: { capacity: 'Gérant' } } });
  });

  it('names each missing or wrong field of a W-9', () => {
    expect(fields({ country: 'US', form: 'w9', tinType: 'ein', tin: '07-1234567' })).toEqual(
      expect.arrayContaining(['taxClassification', 'tin', 'legalName', 'address.line1', 'address.state', 'address.zip', 'signature.name', 'signature.date', 'signature.certified']),
    );
    expect(fields(w9({ taxClassification: 'llc' }))).toEqual(['llcClassification']);
    expect(fields(w9({ taxClassification: 'other' }))).toEqual(['otherClassification']);
    expect(fields(w9({ signature: { ...signed, date: '2026-11-20' } }))).toEqual(['signature.date']);
  });

  it('asks a US person for a W-9 and anyone else for a W-8', () => {
    expect(fields(w9({ country: 'DE' }))).toEqual(['form']);
    expect(fields(w8ben({ country: 'US' }))).toEqual(['form']);
    expect(fields(w8ben({ countryOfCitizenship: 'US' }))).toEqual(['countryOfCitizenship']);
    expect(fields(w8ben({ address: { line1: 'x', city: 'y', country: 'US' } }))).toEqual(['address.country']);
  });

  it('a W-8 needs a foreign TIN or the reason there is none', () => {
    expect(fields(w8ben({ foreignTin: undefined }))).toEqual(['foreignTin']);
    expect(parseTaxDetails(w8ben({ foreignTin: '', foreignTinReason: 'not issued' }), TODAY).isOk()).toBe(true);
    expect(fields(w8bene({ signature: signed }))).toEqual(['signature.capacity']);
  });

  it('a treaty claim is all five fields or none: any subset given names exactly the missing ones', () => {
    const full = { country: 'DE', article: '12', rate: '0', incomeType: 'Royalties', reason: 'Resident of Germany under article 4' };
    expect(parseTaxDetails(w8ben({ treatyClaim: full }), TODAY)._unsafeUnwrap().form).toMatchObject({ treatyClaim: full });
    fc.assert(
      fc.property(fc.subarray(Object.keys(full), { minLength: 1 }), (kept) => {
        const claim = Object.fromEntries(kept.map((k) => [k, full[k as keyof typeof full]]));
        const missing = Object.keys(full).filter((k) => !kept.includes(k)).map((k) => `treatyClaim.${k}`);
        const result = parseTaxDetails(w8ben({ treatyClaim: claim }), TODAY);
        if (missing.length === 0) expect(result.isOk()).toBe(true);
        else expect(result._unsafeUnwrapErr().details?.map((d) => d.field)).toEqual(expect.arrayContaining(missing));
      }),
    );
    expect(fields(w8ben({ treatyClaim: { ...full, rate: '45' } }))).toEqual(['treatyClaim.rate']);
  });

  it('reads a VAT id only for an EU country, and only that country\'s', () => {
    expect(fields(w8bene({ vatId: 'DE123456789' }))).toEqual(['vatId']);
    expect(fields(w8bene({ country: 'CH', vatId: 'DE123456789' }))).toEqual(['vatId']);
  });

  it('no masked view of any valid W-9 carries the TIN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-8]\d{2}$/), fc.stringMatching(/^\d{2}$/), fc.stringMatching(/^\d{4}$/), (area, group, serial) => {
        fc.pre(area !== '666' && group !== '00' && serial !== '0000');
        const tin = `${area}${group}${serial}`;
        const details = parseTaxDetails(w9({ tin }), TODAY)._unsafeUnwrap();
        const shown = JSON.stringify(maskTaxDetails(details));
        expect(shown).not.toContain(tin);
        expect(shown).not.toContain(`${area}-${group}`);
        expect(shown).toContain(serial);
      }),
    );
  });
});

describe('the tax-details payout rule', () => {
  const rates = rateHistory([
    { day: '2026-01-10', currency: eur, usdPerUnit: new Decimal('1.10') },
    { day: '2026-06-10', currency: eur, usdPerUnit: new Decimal('1.20') },
  ]);
  const payout = (amount: string, day = '2026-11-01', currency = usd): DatedAmount => ({ amount: new Decimal(amount), currency, day });
  const need = (requirement: TaxDetailsRequirement, p: DatedAmount, earlier: DatedAmount[] = [], hasTaxDetails = false) =>
    needsTaxDetails({ requirement, hasTaxDetails, payout: p, paidEarlierInYear: earlier, rates })._unsafeUnwrap();

  it('uses the IRS figure of the payout year: $600 through 2025, $2,000 from 2026', () => {
    expect(irs1099NecThreshold(2025).amount.toString()).toBe('600');
    expect(irs1099NecThreshold(2026).amount.toString()).toBe('2000');
    const irs = { kind: 'above_yearly_total', threshold: null } as const;
    expect(need(irs, payout('600', '2025-12-31'))).toBe(true);
    expect(need(irs, payout('600', '2026-01-01'))).toBe(false);
    expect(need(irs, payout('1000'), [payout('1000', '2026-02-01')])).toBe(true);
  });

  it('converts each earlier payment at its own day', () => {
    const inEur = { kind: 'above_yearly_total', threshold: { amount: new Decimal('1000'), currency: eur } } as const;
    // 550 USD on 2026-02-01 is 500 EUR at 1.10; 600 USD on 2026-07-01 is 500 EUR at 1.20: exactly 1000 EUR.
    expect(need(inEur, payout('600', '2026-07-01'), [payout('550', '2026-02-01')])).toBe(true);
    expect(need(inEur, payout('599.99', '2026-07-01'), [payout('550', '2026-02-01')])).toBe(false);
  });

  it('details on file or the setting off never hold; always holds without details', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,6}$/), fc.boolean(), (amount, has) => {
        expect(need({ kind: 'off' }, payout(amount), [], has)).toBe(false);
        expect(need({ kind: 'always' }, payout(amount), [], has)).toBe(!has);
        expect(need({ kind: 'above_yearly_total', threshold: null }, payout(amount), [], true)).toBe(false);
      }),
    );
  });

  it('holding is monotone: a larger year total never releases a payout a smaller one held', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 5 }), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (earlier, a, extra) => {
        const req = { kind: 'above_yearly_total', threshold: null } as const;
        const before = earlier.map((e) => payout(String(e), '2026-03-01'));
        if (need(req, payout(String(a)), before)) expect(need(req, payout(String(a + extra)), before)).toBe(true);
      }),
    );
  });

  it('a 1099-NEC is due for a US non-corporate payee at or above the threshold only', () => {
    const t = irs1099NecThreshold(2026);
    const person = parseTaxDetails(w9(), TODAY)._unsafeUnwrap().form;
    const corp = parseTaxDetails(w9({ taxClassification: 'c_corporation', tinType: 'ein', tin: '12-3456789' }), TODAY)._unsafeUnwrap().form;
    const foreign = parseTaxDetails(w8ben(), TODAY)._unsafeUnwrap().form;
    expect(form1099NecDue(person, new Decimal(2000), t)).toBe('due');
    expect(form1099NecDue(person, new Decimal('1999.99'), t)).toBe('not_due');
    expect(form1099NecDue(corp, new Decimal(5000), t)).toBe('not_due');
    expect(form1099NecDue(foreign, new Decimal(5000), t)).toBe('not_due');
    expect(form1099NecDue(null, new Decimal(5000), t)).toBe('form_missing');
  });
});

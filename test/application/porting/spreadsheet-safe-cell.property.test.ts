import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCell, writeCell } from '../../../application/porting/spreadsheet-safe-cell.js';

const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', '1', '.');
const cells = fc.oneof(fc.string(), fc.array(risky, { maxLength: 6 }).map((c) => c.join('')), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String));

describe('spreadsheet-safe cells', () => {
  it('reading what was written gives the value back, whatever it is', () => {
    fc.assert(fc.property(cells, (value) => {
        expect(readCell(writeCell(value))).toBe(value);
      }),
    );
  });

  it('no written cell starts like a formula unless it is a plain number', () => {
    fc.assert(
      fc.property(cells, (value) => {
        const written = writeCell(value);
        expect(/^[=+\-@\t\r]/.test(written) && !/^-?\d+(\.\d+)?$/.test(written)).toBe(false);
      }),
    );
  });

  it('plain numbers, negative ones included, are written as they are', () => {
    fc.assert(fc.property(fc.integer(), fc.nat(99), (whole, cents) => {
        expect(writeCell(`${whole}.${cents}`)).toBe(`${whole}.${cents}`);
      }),
    );
  });
});

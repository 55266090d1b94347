import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutIdsIn } from '../../adapters/dashboard/payout-id-list.js';

const A = '0193a1b2-0000-7000-8000-00000000000a';
const B = '0193a1b2-0000-7000-8000-00000000000b';

describe('payout ids from a file or pasted text', () => {
  it("reads the id column of the payouts page's CSV export, quoted cells, line breaks in quotes and a byte-order mark included", () => {
    const csv = `\uFEFFid,conversionId,failureReason\r\n"${A}","c1","bank said ""no"",\r\nretry"\r\n"${B}","c2",""\r\n`;
    expect(payoutIdsIn(csv)).toEqual([A, B]);
  });

  it('finds the id column wherever it is, under any of its usual names', () => {
    expect(payoutIdsIn(`amount,Payout ID\n10.00,${A}\n12.00,${B}\n`)).toEqual([A, B]);
  });

  it('reads a plain list split by line breaks, commas, semicolons or spaces, keeping order and dropping repeats', () => {
    expect(payoutIdsIn(`${B}\n${A}, ${B};  ${A}\n\n`)).toEqual([B, A]);
    expect(payoutIdsIn(`${A},${B}`)).toEqual([A, B]);
    expect(payoutIdsIn(' \r\n ')).toEqual([]);
  });

  it('gives back every id of a list it is handed, whatever the separators', () => {
    const id = fc.uuid();
    const separator = fc.constantFrom('\n', '\r\n', ',', ', ', ';', ' ', '\t');
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: 20 }), fc.array(separator, { minLength: 20, maxLength: 20 }), (ids, seps) => {
        const text = ids.map((value, i) => `${value}${seps[i]}`).join('');
        expect(payoutIdsIn(text)).toEqual(ids);
      }),
    );
  });
});

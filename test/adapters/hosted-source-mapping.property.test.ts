import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dub } from '../../adapters/porting/hosted/dub.js';
import { firstpromoter } from '../../adapters/porting/hosted/firstpromoter.js';
import { partnerstack } from '../../adapters/porting/hosted/partnerstack.js';
import { rewardful } from '../../adapters/porting/hosted/rewardful.js';
import type { SourceDefinition } from '../../adapters/porting/hosted/source-definition.js';
import { tolt } from '../../adapters/porting/hosted/tolt.js';
import { PROGRAM_FILES } from '../../application/porting/program-files.js';

const SOURCES: Record<string, SourceDefinition> = { rewardful, firstpromoter, tolt, partnerstack, dub };
const COLUMNS = new Map<string, readonly string[]>(PROGRAM_FILES.map((f) => [f.resource, f.columns]));
const CREDENTIALS = { apiKey: 'k', accountId: 'a', programId: 'prg_1', publicKey: 'p', privateKey: 's' };

/** Whatever a product answers, its reader never throws and only ever writes the portable format's cells. */
describe.each(Object.entries(SOURCES))('the %s reader', (_name, source) => {
  it('maps any record to rows of known files, with only their columns, every cell text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: source.steps.length - 1 }), fc.anything(), (index, item) => {
        for (const row of source.steps[index]!.map(item, CREDENTIALS)) {
          const columns = COLUMNS.get(row.resource);
          expect(columns, row.resource).toBeDefined();
          for (const [column, cell] of Object.entries(row.data)) {
            expect(columns, `${row.resource}.${column}`).toContain(column);
            expect(typeof cell).toBe('string');
          }
        }
      }),
    );
  });

  it('reads a page or says the shape is not its own, never throws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: source.steps.length - 1 }), fc.anything(), fc.option(fc.string()), (index, body, cursor) => {
        const page = source.steps[index]!.read(body, cursor);
        if (page !== null) {
          expect(Array.isArray(page.items)).toBe(true);
          expect(page.next === null || typeof page.next === 'string').toBe(true);
        }
      }),
    );
  });

  it('stays within its published budget and asks for every credential it uses', () => {
    expect(source.budget.requests).toBeGreaterThan(0);
    expect(source.credentialFields.length).toBeGreaterThan(0);
  });
});

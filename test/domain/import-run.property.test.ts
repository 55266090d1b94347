import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_STATES, importedCommissionStatus, isImportFinished, moveImport, type ImportState } from '../../domain/index.js';

interface Model {
  state: ImportState;
}

/** One attempted move: the real machine and the model agree on whether it is allowed and where it lands. */
class Move implements fc.Command<Model, { state: ImportState }> {
  constructor(readonly to: ImportState) {}
  check = () => true;
  run(model: Model, real: { state: ImportState }) {
    const result = moveImport(real.state, this.to);
    const finished = ['completed', 'failed', 'cancelled'].includes(model.state);
    const allowed = !finished && this.to !== 'queued';
    expect(result.isOk()).toBe(allowed);
    if (result.isOk()) {
      real.state = result.value;
      model.state = this.to;
    } else expect(result.error.code).toBe('invalid_transition');
  }
  toString = () => `move(${this.to})`;
}

describe('the import run machine', () => {
  it('only moves forward: never back to queued, never out of completed, failed or cancelled', () => {
    fc.assert(
      fc.property(fc.commands(IMPORT_STATES.map((s) => fc.constant(new Move(s))), { maxCommands: 20 }), (commands) => {
        fc.modelRun(() => ({ model: { state: 'queued' as ImportState }, real: { state: 'queued' as ImportState } }), commands);
      }),
    );
  });

  it('a finished state has no way out', () => {
    for (const state of IMPORT_STATES) expect(isImportFinished(state)).toBe(['completed', 'failed', 'cancelled'].includes(state));
  });

  it("imported commission statuses map onto ours; anything else is refused", () => {
    expect(['pending', 'due', 'Approved', 'paid', 'voided', 'rejected', 'refunded'].map((s) => importedCommissionStatus(s)._unsafeUnwrap())).toEqual([
      'pending',
      'approved',
      'approved',
      'paid',
      'rejected',
      'rejected',
      'refunded',
    ]);
    // Names every object has are not statuses.
    for (const s of ['__proto__', 'constructor', 'toString']) expect(importedCommissionStatus(s).isErr()).toBe(true);
    fc.assert(
      fc.property(fc.string().filter((s) => !['pending', 'due', 'approved', 'paid', 'voided', 'rejected', 'refunded'].includes(s.trim().toLowerCase())), (s) => {
        expect(importedCommissionStatus(s).isErr()).toBe(true);
      }),
    );
  });
});

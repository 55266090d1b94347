import type { IdGenerator } from '../../application/ports/id-generator.js';

/**
 * Ids 1, 2, 3, ... written as version-7-shaped UUIDs (`00000000-0000-7000-8000-000000000001`), so
 * they sort in the order they were made, as the real generator's do, and fit a uuid column.
 */
export class SequentialIds implements IdGenerator {
  private counter = 0;

  constructor(private readonly prefix = '00000000') {}

  next(): string {
    this.counter += 1;
    return sequentialId(this.counter, this.prefix);
  }

  /** The id the n-th call to `next` made (1-based). */
  nth(n: number): string {
    return sequentialId(n, this.prefix);
  }
}

export const sequentialId = (n: number, prefix = '00000000'): string => `${prefix}-0000-7000-8000-${String(n).padStart(12, '0')}`;

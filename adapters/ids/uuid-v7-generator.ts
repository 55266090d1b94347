import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';
import type { IdGenerator } from '../../application/ports/id-generator.js';

/** Random bytes drawn at once: one draw serves 256 ids (a draw costs about what 16 bytes do). */
const POOL_BYTES = 4096;
const ID_BYTES = 16;

/**
 * Time-ordered UUIDs (RFC 9562 v7): indexes stay append-mostly and ids sort by creation. The random
 * part comes from a pool refilled from the operating system's generator when spent (`uuid` alone
 * draws for every id, a measurable share of a sale's CPU); the millisecond and counter follow `uuid`'s
 * own rule, so ids made in one millisecond still sort in the order they were made.
 */
export class UuidV7Generator implements IdGenerator {
  private readonly pool = Buffer.alloc(POOL_BYTES);
  private offset = POOL_BYTES;
  private msecs = -Infinity;
  private seq = 0;

  next(): string {
    if (this.offset === POOL_BYTES) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const random = this.pool.subarray(this.offset, this.offset + ID_BYTES);
    this.offset += ID_BYTES;
    const now = Date.now();
    if (now > this.msecs) {
      // A fresh millisecond starts its counter at a random 31-bit value, as `uuid` does.
      this.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
      this.msecs = now;
    } else {
      this.seq = (this.seq + 1) | 0;
      if (this.seq === 0) this.msecs += 1;
    }
    return v7({ random, msecs: this.msecs, seq: this.seq });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

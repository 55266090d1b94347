import { v7 } from 'uuid';
import type { IdGenerator } from '../../application/ports/id-generator.js';

/** Time-ordered UUIDs (RFC 9562 v7): indexes stay append-mostly and ids sort by creation. */
export class UuidV7Generator implements IdGenerator {
  next(): string {
    return v7();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

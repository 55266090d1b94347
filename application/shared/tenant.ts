import type { Mode } from '../../domain/index.js';

/** Whose data a request may see: one merchant, one mode. Every repository method takes it. */
export interface Tenant {
  readonly merchantId: string;
  readonly mode: Mode;
}

import { err } from 'neverthrow';
import type { ClockControl } from '../../application/ports/clock.js';
import { domainError } from '../../domain/index.js';

export class SystemClock implements ClockControl {
  readonly adjustable = false;

  now(): Date {
    return new Date();
  }

  async set() {
    return err(domainError('not_found', 'The clock can only be set when TEST_CLOCK=1'));
  }
}

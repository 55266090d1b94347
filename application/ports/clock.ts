import type { Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';

/** The service's notion of now. Nothing outside `adapters/` reads the system time. */
export interface Clock {
  now(): Date;
}

/** The operator's handle on the clock (`/admin/v1/clock`). Only the test clock can be moved. */
export interface ClockControl extends Clock {
  readonly adjustable: boolean;
  /** Moves the clock to `now`; refuses to go backwards. */
  set(now: Date): Promise<Result<Date, DomainError>>;
}

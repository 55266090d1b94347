import { err, ok, type Result } from 'neverthrow';
import type { ClockControl } from '../../application/ports/clock.js';
import { validationError, type DomainError } from '../../domain/index.js';

/** Where the clock's offset is kept so that a restart does not move it back. */
export interface ClockOffsetStore {
  load(): Promise<number>;
  save(offsetMs: number): Promise<void>;
}

/**
 * The test clock (`TEST_CLOCK=1`): system time plus an offset the operator moves forward. Time keeps
 * running after a jump, so records created after it still get distinct, ordered timestamps.
 */
export class AdjustableClock implements ClockControl {
  readonly adjustable = true;
  private offsetMs = 0;

  constructor(
    private readonly store: ClockOffsetStore,
    private readonly systemNow: () => number = Date.now,
  ) {}

  async load(): Promise<void> {
    this.offsetMs = await this.store.load();
  }

  now(): Date {
    return new Date(this.systemNow() + this.offsetMs);
  }

  async set(target: Date): Promise<Result<Date, DomainError>> {
    const current = this.now();
    if (target.getTime() < current.getTime()) {
      return err(validationError('now', `The clock only moves forward; it is ${current.toISOString()}`));
    }
    const offsetMs = target.getTime() - this.systemNow();
    await this.store.save(offsetMs);
    this.offsetMs = offsetMs;
    return ok(this.now());
  }
}

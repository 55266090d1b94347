import type { Clock } from '../../application/ports/clock.js';

/** A clock that says what the test tells it, and moves only when told. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(start: Date | string = '2026-11-15T12:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at);
  }

  advance(ms: number): Date {
    this.current = new Date(this.current.getTime() + ms);
    return this.now();
  }
}

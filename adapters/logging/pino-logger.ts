import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { Logger } from '../../application/ports/logger.js';

/** Field names whose values are replaced before a log line is written. */
const REDACT = ['authorization', 'req.headers.authorization', 'token', 'key', 'secret', '*.authorization', '*.token', '*.secret'];

/** `destination` defaults to stdout; the stdio assistant bridge logs to stderr (`pino.destination(2)`). */
export const createPino = (level: string, destination?: DestinationStream): Pino =>
  destination ? pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination) : pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });

export class PinoLogger implements Logger {
  constructor(readonly pino: Pino) {}
  info(fields: Record<string, unknown>, message: string): void {
    this.pino.info(fields, message);
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.pino.warn(fields, message);
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.pino.error(fields, message);
  }
}

import type { Logger as Pino } from 'pino';

/** What a request logs through: its lines carry its request id. */
export type RequestLog = Pick<Pino, 'info' | 'warn' | 'error'>;

/**
 * A request's logger whose pino child (with the request id bound) is made on first use: at the
 * service's usual levels most requests log nothing, and a child per request was a share of a hot
 * read's CPU (bench/README.md).
 */
export const requestLog = (root: Pino, requestId: string): RequestLog => {
  let child: Pino | undefined;
  const log = (): Pino => (child ??= root.child({ requestId }));
  return {
    info: ((...args: Parameters<Pino['info']>) => log().info(...args)) as Pino['info'],
    warn: ((...args: Parameters<Pino['warn']>) => log().warn(...args)) as Pino['warn'],
    error: ((...args: Parameters<Pino['error']>) => log().error(...args)) as Pino['error'],
  };
};

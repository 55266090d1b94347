import type { Socket } from 'node:net';

type Corkable = Pick<Socket, 'cork' | 'uncork'>;

/**
 * The socket a `pg` client writes to PostgreSQL through, to hold its writes (`cork`) while several
 * statements are queued and let them go in one write (`uncork`); null before the client connects.
 * `pg` does not declare its connection's stream, so it is read here, in one place.
 */
export const socketOf = (client: object): Corkable | null => {
  const stream = (client as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  return stream?.cork && stream.uncork ? (stream as Corkable) : null;
};

import type pg from 'pg';
import { socketOf } from './pg-socket.js';

/**
 * A few long-lived connections in `pg`'s pipeline mode for the hot reads by key outside a
 * transaction (`runNamedRead`): a read is queued on the lane with the fewest reads in flight and
 * sent at once, with no checkout from the pool and no wait for the reads ahead of it to be answered.
 * A pool checkout and release cost about as much client CPU as the read itself, and a backend fed
 * a stream of reads never sleeps between them (bench/README.md). A lane whose connection fails is
 * dropped (its reads in flight fail with it, as on a pooled connection) and opened again on next use.
 */
export class ReadLanes {
  private readonly lanes: (Lane | null)[];
  private closed = false;

  constructor(
    /** A new, unconnected client in pipeline mode. */
    private readonly newClient: () => pg.Client,
    count: number,
  ) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => null);
  }

  async query<R extends pg.QueryResultRow>(name: string, text: string, values: readonly unknown[]): Promise<R[]> {
    if (this.closed) throw new Error('the read lanes are closed');
    const lane = this.pick();
    lane.inFlight += 1;
    try {
      const client = await lane.client;
      holdWrites(lane, client);
      return (await client.query<R>({ name, text, values: [...values] })).rows;
    } finally {
      lane.inFlight -= 1;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = this.lanes.filter((l): l is Lane => l !== null);
    this.lanes.fill(null);
    await Promise.all(open.map((l) => l.client.then((c) => c.end()).catch(() => undefined)));
  }

  /** The least busy lane; an empty slot (never opened, or dropped) is opened. */
  private pick(): Lane {
    let best = -1;
    for (let i = 0; i < this.lanes.length; i += 1) {
      const lane = this.lanes[i];
      if (!lane) return (this.lanes[i] = this.open(i));
      if (best < 0 || lane.inFlight < this.lanes[best]!.inFlight) best = i;
    }
    return this.lanes[best]!;
  }

  private open(slot: number): Lane {
    const client = this.newClient();
    const drop = () => {
      if (this.lanes[slot] === lane) this.lanes[slot] = null;
    };
    // A connection the server ends is reported as `error` (fatal without a listener) and `end`.
    client.on('error', drop);
    client.on('end', drop);
    const lane: Lane = {
      inFlight: 0,
      held: false,
      client: client.connect().then(
        () => client,
        (error: unknown) => {
          drop();
          throw error;
        },
      ),
    };
    return lane;
  }
}

interface Lane {
  inFlight: number;
  /** Whether the lane's socket holds its writes until the event loop's turn ends. */
  held: boolean;
  readonly client: Promise<pg.Client>;
}

/**
 * Reads queued on a lane in one turn of the event loop (the requests one poll of the sockets
 * brought in) leave in one socket write when the turn ends (`setImmediate`): a write to PostgreSQL's
 * socket wakes its backend, and one wake-up for a batch of reads costs both processes less than one
 * a read. No read waits longer than the turn it was asked in.
 */
const holdWrites = (lane: Lane, client: pg.Client): void => {
  if (lane.held) return;
  const socket = socketOf(client);
  if (!socket) return;
  socket.cork();
  lane.held = true;
  setImmediate(() => {
    lane.held = false;
    socket.uncork();
  });
};

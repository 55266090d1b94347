import net from 'node:net';

/** A TCP proxy to a database that can hold back what the server sends, to delay a client's notices. */
export interface HoldingProxy {
  /** `databaseUrl` with this proxy as its host. */
  readonly url: string;
  /** From now on, what the server sends waits in the proxy. */
  hold(): void;
  /** Sends on what waited, and everything after it at once. */
  release(): void;
  /** The proxy's own ports towards the server: `client_port` of its sessions in `pg_stat_activity`. */
  upstreamPorts(): number[];
  close(): Promise<void>;
}

export const startHoldingProxy = async (databaseUrl: string): Promise<HoldingProxy> => {
  const target = new URL(databaseUrl);
  let held = false;
  const links = new Set<{ readonly down: net.Socket; readonly up: net.Socket; waiting: Buffer[] }>();
  const server = net.createServer((down) => {
    const up = net.connect(Number(target.port || 5432), target.hostname);
    const link = { down, up, waiting: [] as Buffer[] };
    links.add(link);
    down.on('data', (data) => up.write(data));
    up.on('data', (data) => (held ? link.waiting.push(data) : down.write(data)));
    const end = () => {
      links.delete(link);
      up.destroy();
      down.destroy();
    };
    for (const socket of [up, down]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    hold: () => void (held = true),
    release: () => {
      held = false;
      for (const link of links) for (const data of link.waiting.splice(0)) link.down.write(data);
    },
    upstreamPorts: () => [...links].map((link) => link.up.localPort).filter((port): port is number => port !== undefined),
    close: async () => {
      for (const link of links) {
        link.up.destroy();
        link.down.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

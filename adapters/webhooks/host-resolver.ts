import { promises as dns } from 'node:dns';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Name → every address it resolves to. Injectable so tests can point names anywhere without DNS. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (`getaddrinfo`, as `http.request` itself would use), all addresses, in its order. */
export const systemHostResolver: HostResolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, order: 'verbatim' });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

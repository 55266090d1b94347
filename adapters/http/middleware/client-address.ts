import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';

const socketAddress = (c: Context): string | null => {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
};

const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `TRUSTED_PROXIES` entries: addresses or CIDR ranges (`10.0.0.0/8`, `::1`). */
export const trustedProxyList = (entries: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    if (!address || !isIP(address)) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(bits), family(address));
  }
  return list;
};

const trusted = (list: BlockList, address: string): boolean => isIP(address) !== 0 && list.check(address, family(address));

/**
 * The client's address for limits and the audit log: the socket's peer, unless that peer is a
 * trusted proxy; then the nearest `X-Forwarded-For` hop that is not itself a trusted proxy (hops
 * further left were written by whoever sent the request and prove nothing). With no trusted
 * proxies (the default) the header is ignored, so nobody picks their own address.
 */
export const resolveClientAddress =
  (proxies: BlockList): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    let address = socketAddress(c);
    if (address && trusted(proxies, address)) {
      const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
      while (hops.length > 0 && address && trusted(proxies, address)) address = hops.pop() ?? address;
    }
    c.set('clientAddress', address);
    await next();
  };

/** The client's address as resolved for this request (null when unknown). */
export const clientAddress = (c: Context): string | null => {
  // Any app's context: the dashboard's and the portal's share the variable with the API's.
  const resolved = (c as unknown as Context<AppEnv>).get('clientAddress');
  return resolved === undefined ? socketAddress(c) : resolved;
};

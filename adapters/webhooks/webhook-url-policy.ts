import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * The URL rules for webhook endpoints (spec, Webhook URL rules), without DNS: the shape of the URL,
 * the host name, and IP literals. Addresses a name resolves to are judged by `isPublicAddress`.
 *
 * WHATWG URL parsing has already turned odd IPv4 spellings (decimal `2130706433`, octal `0177.0.0.1`,
 * hex `0x7f.1`, short `127.1`) into dotted quads and IDNA look-alikes into ASCII, so each is judged as
 * the address it really is.
 */

export const MAX_URL_LENGTH = 2048;

/** Suffixes (and whole names) that only mean something inside a network. */
const BLOCKED_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];

export interface WebhookTarget {
  readonly url: URL;
  /** Lowercase, without IPv6 brackets and without trailing dots. */
  readonly hostname: string;
  readonly port: number;
  /** 4 or 6 for an IP literal, 0 for a name. */
  readonly ipVersion: 0 | 4 | 6;
  /** Listed in `WEBHOOK_DEV_ALLOWED_HOSTS`: http and private addresses allowed. */
  readonly devAllowed: boolean;
}

export type UrlVerdict = { readonly ok: true; readonly target: WebhookTarget } | { readonly ok: false; readonly reason: string };

/** The IANA range name of an address (`unicast`, `loopback`, `private`, `linkLocal`, `ipv4Mapped`, …), or null if it is none. */
export const addressRange = (address: string): string | null => {
  if (!ipaddr.isValid(address)) return null;
  try {
    return ipaddr.parse(address).range();
  } catch {
    return null;
  }
};

/**
 * `::/96`, the deprecated IPv4-compatible IPv6 form (`::7f00:1` is `::127.0.0.1`): ipaddr.js calls it
 * unicast, but a host may route it to the IPv4 address it carries, so it is never public.
 */
const isIpv4Compatible = (address: string): boolean => {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
};

/**
 * Only ordinary global unicast is public: loopback, private, link-local, carrier-grade NAT,
 * unspecified, broadcast, multicast, reserved and documentation ranges, unique-local, IPv4-mapped,
 * IPv4-compatible (`::/96`), NAT64, 6to4 and Teredo forms (which can carry an internal IPv4 address)
 * are all refused.
 */
export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast' && !isIpv4Compatible(address);

const nonPublicRange = (address: string): string => {
  const range = addressRange(address);
  return range === 'unicast' && isIpv4Compatible(address) ? 'ipv4Compatible' : (range ?? 'invalid');
};

const stripHost = (host: string): string => host.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();

interface DevHost {
  readonly host: string;
  readonly port: number | null;
}

/** `host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 address has no port. */
export const parseDevHost = (entry: string): DevHost | null => {
  const value = entry.trim().toLowerCase();
  if (!value) return null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return { host: stripHost(bracketed[1]!), port: bracketed[2] ? Number(bracketed[2]) : null };
  const colons = value.split(':').length - 1;
  if (colons === 1) {
    const [host, port] = value.split(':') as [string, string];
    return /^\d{1,5}$/.test(port) ? { host: stripHost(host), port: Number(port) } : null;
  }
  return { host: stripHost(value), port: null };
};

const defaultPort = (protocol: string): number => (protocol === 'https:' ? 443 : 80);

const isDevAllowed = (hostname: string, port: number, devHosts: readonly string[]): boolean =>
  devHosts.some((entry) => {
    const dev = parseDevHost(entry);
    if (!dev) return false;
    const sameHost =
      dev.host === hostname ||
      (isIP(dev.host) !== 0 && isIP(hostname) !== 0 && ipaddr.isValid(dev.host) && ipaddr.parse(dev.host).toString() === ipaddr.parse(hostname).toString());
    return sameHost && (dev.port === null || dev.port === port);
  });

const blockedName = (hostname: string): string | null => {
  if (!hostname.includes('.')) return 'the host must be a fully qualified public domain name';
  for (const suffix of BLOCKED_SUFFIXES) {
    if (hostname === suffix || hostname.endsWith(`.${suffix}`)) return `host names ending in .${suffix} are not allowed`;
  }
  return null;
};

/** Shape, scheme, credentials, the dev allow-list, blocked names and IP literals. */
export const judgeWebhookUrl = (raw: string, devHosts: readonly string[]): UrlVerdict => {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute https URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must be an https URL' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  const hostname = stripHost(url.hostname);
  if (!hostname) return { ok: false, reason: 'must name a host' };
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  const ipVersion = isIP(hostname) as 0 | 4 | 6;
  const devAllowed = isDevAllowed(hostname, port, devHosts);
  const target: WebhookTarget = { url, hostname, port, ipVersion, devAllowed };
  if (devAllowed) return { ok: true, target };
  if (url.protocol !== 'https:') return { ok: false, reason: 'must be an https URL' };
  if (ipVersion !== 0) {
    return isPublicAddress(hostname)
      ? { ok: true, target }
      : { ok: false, reason: `${hostname} is not a public address (${nonPublicRange(hostname)})` };
  }
  const name = blockedName(hostname);
  return name ? { ok: false, reason: name } : { ok: true, target };
};

import dns from 'node:dns';
import net, { BlockList } from 'node:net';
import { badInput } from '../../errors';

/** What decides which callback URLs are allowed (config WEBHOOK_ALLOW_HTTP / WEBHOOK_ALLOW_PRIVATE_TARGETS). */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** The longest callback URL accepted. */
export const MAX_HREF_LENGTH = 1000;

/**
 * Addresses a callback may never reach (unless private targets are allowed): this host, private
 * networks, link-local (the cloud metadata service at 169.254.169.254 among them), carrier-grade NAT,
 * multicast and reserved ranges. A webhook is a request the service makes on a stranger's behalf; these
 * would turn it into a probe of our own network.
 */
const blocked = new BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** Whether `address` (IPv4 or IPv6, IPv4-mapped and NAT64 forms included) is one a callback may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (embedded) return blocked.check(embedded[1], 'ipv4');
  const mappedHex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mappedHex) {
    const hi = parseInt(mappedHex[1], 16);
    const lo = parseInt(mappedHex[2], 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

/** The host of a URL as DNS and `net` take it (IPv6 literals without brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Parses and checks a callback URL's form: absolute, https (http only when allowed), no credentials
 * (they would be sent to, and logged by, whoever answers), at most MAX_HREF_LENGTH characters.
 * BAD_USER_INPUT naming `href` otherwise.
 */
export function parseHref(href: string, policy: TargetPolicy): URL {
  if (typeof href !== 'string' || href.length === 0) throw badInput('href is required', 'href');
  if (href.length > MAX_HREF_LENGTH) throw badInput(`href: at most ${MAX_HREF_LENGTH} characters`, 'href');
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw badInput('href must be an absolute URL', 'href');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw badInput(policy.allowHttp ? 'href must be an http or https URL' : 'href must be an https URL', 'href');
  }
  if (url.username || url.password) throw badInput('href must not carry credentials', 'href');
  if (!url.hostname) throw badInput('href must name a host', 'href');
  return url;
}

/** Every address `host` resolves to (an IP literal is its own). */
async function addressesOf(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * Subscription-time check: the URL's form (`parseHref`), and unless private targets are allowed, that
 * its host resolves and none of its addresses is private. Returns the normalized URL.
 */
export async function checkHref(href: string, policy: TargetPolicy): Promise<string> {
  const url = parseHref(href, policy);
  if (!policy.allowPrivate) {
    let addresses: string[];
    try {
      addresses = await addressesOf(hostOf(url));
    } catch {
      throw badInput(`href host ${url.hostname} does not resolve`, 'href');
    }
    if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
      throw badInput(`href host ${url.hostname} resolves to a private, loopback or link-local address`, 'href');
    }
  }
  return url.toString();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses at connection time: the address the
 * socket connects to is the one checked, so a name that re-resolves to an internal address after the
 * subscription was accepted (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!policy.allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'ETARGETREFUSED' });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** Delivery-time check of an IP-literal host (no lookup happens for those). */
export function literalRefused(url: URL, policy: TargetPolicy): boolean {
  const host = hostOf(url);
  return !policy.allowPrivate && net.isIP(host) !== 0 && isPrivateAddress(host);
}

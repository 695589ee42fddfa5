import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from './config';

/** Which hops' `X-Forwarded-For` to believe, as Fastify's `trustProxy` decides it. */
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * The trust function of `TRUST_PROXY` (false: no proxy, the socket's peer is the client; true: every
 * hop; a number: that many hops; a list: those addresses and CIDRs). The same function is given to
 * Fastify (so `request.ip` is the real client) and used for WebSocket upgrades, so rate limits and
 * socket caps count the same client on both.
 */
export function trustFunction(trust: Config['TRUST_PROXY']): TrustFn {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client address of a raw request (a WebSocket upgrade) under the trust function. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFn): string {
  return proxyAddr(request, trust);
}

/**
 * The address a request comes from, as limits count it. Behind a proxy
 * (TRUST_PROXY), the address the proxy appended to X-Forwarded-For; an IPv6
 * address counts by its /64, the block one subscriber is given, so that
 * rotating through it gains nothing.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const last = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? '')).split(',').pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) return addressKey(last);
  }
  return addressKey(req.socket.remoteAddress ?? '?');
}

/** IPv4 as it is (also when mapped into IPv6), IPv6 by its first 64 bits. */
export function addressKey(addr: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  if (mapped) return mapped[1]!;
  if (!isIPv6(addr)) return addr;
  const [head = '', tail = ''] = addr.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = addr.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

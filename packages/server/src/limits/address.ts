/**
 * The address a request comes from, as limits count it. Behind a proxy, the
 * address the proxy appended to X-Forwarded-For, but only when the TCP peer
 * is one of the trusted proxies (TRUSTED_PROXIES): a node also reachable
 * directly would otherwise let every client name its own address. An IPv6
 * address counts by its /64, the block one subscriber is given, so that
 * rotating through it gains nothing.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { err, ok, type Result, type RuleError } from '@youzai/rules';

/** Whose X-Forwarded-For is believed: the peers it is read from. */
export type TrustedProxies = BlockList;

/** TRUST_PROXY=1 without TRUSTED_PROXIES: a proxy on the same machine only. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** A list of addresses and CIDR blocks ("10.0.0.0/8, 192.168.1.5, fd00::/8") as a matcher. */
export function parseTrustedProxies(list: readonly string[]): Result<TrustedProxies, RuleError<'config.bad-value'>> {
  const blocks = new BlockList();
  for (const item of list) {
    const [addr = '', bits, more] = item.split('/');
    const type = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
    const max = type === 'ipv4' ? 32 : 128;
    if (!type || more !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      return err('config.bad-value', `TRUSTED_PROXIES takes addresses and CIDR blocks separated by commas (got ${JSON.stringify(item)})`);
    if (bits === undefined) blocks.addAddress(addr, type);
    else blocks.addSubnet(addr, Number(bits), type);
  }
  return ok(blocks);
}

/** Whether the TCP peer `addr` is a trusted proxy (an IPv4 address mapped into IPv6 counts as the IPv4 one). */
function isTrusted(trusted: TrustedProxies, addr: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  if (mapped) return trusted.check(mapped[1]!, 'ipv4');
  if (isIPv4(addr)) return trusted.check(addr, 'ipv4');
  return isIPv6(addr) && trusted.check(addr, 'ipv6');
}

export function clientAddress(req: IncomingMessage, trusted: TrustedProxies | null): string {
  const peer = req.socket.remoteAddress ?? '?';
  if (trusted && isTrusted(trusted, peer)) {
    const fwd = req.headers['x-forwarded-for'];
    const last = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? '')).split(',').pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) return addressKey(last);
  }
  return addressKey(peer);
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

// Where deliveries may go: http(s) URLs only, and by default no private, loopback, link-local or otherwise
// internal address (server-side request forgery). The check runs on the address the connection actually uses
// (a lookup hook), so a name that resolves differently later (DNS rebinding) is caught too.
// WEBHOOKS_ALLOW_PRIVATE=true lifts the address rule for self-hosting next to the receivers (and the tests).
import dns from 'node:dns';
import net from 'node:net';

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) BLOCKED.addSubnet(address, prefix, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a subscription URL is refused (scheme, credentials, a blocked literal address), or null. */
export function urlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The url must be an absolute http or https URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The url must be an absolute http or https URL.';
  if (url.username || url.password) return 'The url must not contain credentials.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) && isBlockedAddress(host)))) {
    return 'The url points to a private or loopback address, which deliveries may not reach.';
  }
  return null;
}

/** A dns.lookup that refuses blocked addresses (for http.request's `lookup` option). */
export const guardedLookup: typeof dns.lookup = ((hostname: string, options: any, callback: any) => {
  const cb = typeof options === 'function' ? options : callback;
  const opts = typeof options === 'function' ? {} : options;
  dns.lookup(hostname, { ...opts, all: true }, (err, addresses: dns.LookupAddress[]) => {
    if (err) return cb(err);
    const allowed = addresses.filter((a) => !isBlockedAddress(a.address));
    if (allowed.length === 0) return cb(Object.assign(new Error(`${hostname} resolves to a private or loopback address`), { code: 'EBLOCKED' }));
    if (opts.all) return cb(null, allowed);
    return cb(null, allowed[0].address, allowed[0].family);
  });
}) as typeof dns.lookup;

// Where deliveries may go (server-side request forgery): http(s) URLs only, and with WEBHOOKS_ALLOW_PRIVATE=false
// (the default) no address of this machine and no loopback, private, link-local, shared, documentation (TEST-NET),
// benchmarking, multicast, reserved or unspecified address, in any spelling (IPv4-mapped and IPv4-compatible IPv6,
// NAT64, 6to4). The rule is applied twice:
//   - when a subscription is stored: a literal address or localhost in its URL is refused with 422;
//   - at every delivery, whatever the setting was when the subscription was stored: the worker resolves the name
//     itself (or takes the literal), connects to an address that passed, and checks the socket's remote address
//     once more before a byte is sent (connectTo). Names that later resolve elsewhere (DNS rebinding) and
//     subscriptions stored while private addresses were allowed are refused there. Redirects are never followed.
// docs/api/integration.md §4 "Addresses".
import dns from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

const V4 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  V4.addSubnet(address, prefix, 'ipv4');

const V6 = new net.BlockList();
for (const [address, prefix] of [
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking …)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  V6.addSubnet(address, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (with an optional trailing dotted IPv4 part), or null. */
function ipv6Bytes(text: string): number[] | null {
  let s = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    if (net.isIPv4(dotted[1]) === false) return null;
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    s = `${s.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h === '' ? [] : h.split(':'));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail] : head;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

const v4Of = (bytes: number[], at: number) => bytes.slice(at, at + 4).join('.');

let own: { at: number; addresses: Set<string> } | undefined;

/** Every address of this machine's interfaces (re-read every five seconds: interfaces come and go). */
export function hostAddresses(): Set<string> {
  if (!own || Date.now() - own.at > 5000) {
    const addresses = new Set<string>();
    for (const list of Object.values(os.networkInterfaces()))
      for (const i of list ?? []) addresses.add(canonical(i.address));
    own = { at: Date.now(), addresses };
  }
  return own.addresses;
}

/** One spelling per address: IPv4 dotted, IPv6 as 8 full hex groups (so '::1' and '0:0::1' compare equal). */
function canonical(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(bare)) return bare;
  const bytes = ipv6Bytes(bare);
  if (!bytes) return bare.toLowerCase();
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255) return v4Of(bytes, 12);
  return Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
}

/** True when deliveries may not reach this address (anything that is not an IP address is refused too). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (hostAddresses().has(canonical(bare))) return true;
  if (net.isIPv4(bare)) return V4.check(bare, 'ipv4');
  if (!net.isIPv6(bare)) return true;
  const bytes = ipv6Bytes(bare);
  if (!bytes) return true;
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(10) && bytes[10] === 255 && bytes[11] === 255) return isBlockedAddress(v4Of(bytes, 12)); // ::ffff:a.b.c.d (mapped)
  if (zeros(12)) return true; // ::a.b.c.d (IPv4-compatible), :: and ::1
  if (zeros(8) && bytes[8] === 255 && bytes[9] === 255 && bytes[10] === 0 && bytes[11] === 0) return true; // ::ffff:0:a.b.c.d (translated)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isBlockedAddress(v4Of(bytes, 2)); // 2002:aabb:ccdd::/48 (6to4)
  return V6.check(bare, 'ipv6');
}

const NOT_ALLOWED =
  'The url points to a private or loopback address, or one of this server, which deliveries may not reach.';

/** Why a subscription URL is refused (scheme, credentials, a blocked literal address or localhost), or null. */
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
  if (!allowPrivate && (isLocalhost(host) || (net.isIP(host) !== 0 && isBlockedAddress(host)))) return NOT_ALLOWED;
  return null;
}

/** localhost and its subdomains name this machine (RFC 6761), whatever a resolver answers for them. */
const isLocalhost = (host: string) => /(^|\.)localhost$/.test(host.replace(/\.$/, '').toLowerCase());

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(host: string, address: string) {
    super(
      `refused: ${host === address ? address : `${host} (${address})`} is a private, loopback or reserved address or one of this server's (WEBHOOKS_ALLOW_PRIVATE=false)`,
    );
  }
}

/** The address to connect to: the literal, or the first resolved address that passes the rule. */
async function addressOf(host: string, allowPrivate: boolean): Promise<string> {
  if (!allowPrivate && isLocalhost(host)) throw new BlockedAddressError(host, 'this machine');
  const addresses =
    net.isIP(host) !== 0 ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const usable = allowPrivate ? addresses : addresses.filter((a) => !isBlockedAddress(a));
  if (usable.length === 0) throw new BlockedAddressError(host, addresses.join(', '));
  return usable[0];
}

/**
 * http(s).request's `createConnection` for one delivery URL: connects to an address that passed the rule, and
 * destroys the socket before anything is written when the address it connected to does not pass (the check
 * runs first among the socket's 'connect' listeners: the request writes only once it has the socket).
 */
export function connectTo(target: URL, allowPrivate: boolean) {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const secure = target.protocol === 'https:';
  const port = Number(target.port) || (secure ? 443 : 80);
  return (_options: unknown, done: (err: Error | null, socket?: net.Socket) => void): undefined => {
    addressOf(host, allowPrivate).then(
      (address) => {
        const socket = secure
          ? tls.connect({ host: address, port, servername: net.isIP(host) === 0 ? host : undefined })
          : net.connect({ host: address, port });
        if (!allowPrivate) {
          socket.once('connect', () => {
            const remote = socket.remoteAddress;
            if (remote === undefined || isBlockedAddress(remote))
              socket.destroy(new BlockedAddressError(host, remote ?? address));
          });
        }
        done(null, socket);
      },
      (err: Error) => done(err),
    );
    return undefined;
  };
}

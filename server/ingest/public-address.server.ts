import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent } from "undici";

/**
 * Addresses that are not the public internet: loopback, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved. A publisher's feed names
 * the images we fetch, so without this check a feed could make the server probe our own network.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
}
// IPv6 forms that carry a request on to an IPv4 address count as not public: a local-use NAT64
// prefix (64:ff9b:1::/48), a 6to4 relay (2002::/16), Teredo (2001::/32), the obsolete
// IPv4-compatible (::/96) and IPv4-translated (::ffff:0:0:0/96) forms. The well-known NAT64 prefix
// is how an IPv6-only host reaches every IPv4-only publisher, so it is judged by the IPv4
// address it carries instead (nat64Target).
for (const [net, prefix] of [
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");
}

/**
 * Whether an IP address (v4 or v6, IPv4-mapped included) is on the public internet. A BlockList
 * checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) against its IPv4 subnets,
 * in any spelling, so those need no rule of their own.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const carried = nat64Target(bare);
    if (carried !== undefined) return isPublicAddress(carried);
  }
  return !NOT_PUBLIC.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/**
 * A valid IPv6 address's eight 16-bit groups ("::" expanded, a final dotted quad as two groups).
 * A zone ("%eth0", which may even look like a dotted quad) is not part of the address.
 */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string?];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // Without "::" a valid address has its eight groups already, and nothing is filled in.
  const zeros = Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address a well-known-prefix NAT64 address (64:ff9b::/96, RFC 6052) carries. */
export function nat64Target(ipv6: string): string | undefined {
  const g = ipv6Groups(ipv6);
  if (g[0] !== 0x64 || g[1] !== 0xff9b || g[2] || g[3] || g[4] || g[5]) return undefined;
  const [hi = 0, lo = 0] = g.slice(6);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is not a public internet address`);
    this.name = "PrivateAddressError";
  }
}

/**
 * A DNS lookup for sockets that only ever yields public addresses. It runs when the connection
 * is made, so a name that resolves differently the second time (DNS rebinding) is caught too.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const usable = addresses.filter((a) => isPublicAddress(a.address));
    const first = usable[0];
    if (!first) return callback(new PrivateAddressError(hostname), "");
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  });
}

/** A fetch dispatcher whose connections reach public addresses only. */
export function publicOnlyDispatcher(): Agent {
  return new Agent({ connect: { lookup: publicOnlyLookup } });
}

/** Throws unless the URL's host is a name (checked at connect time) or a public IP literal. */
export function assertPublicHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) throw new PrivateAddressError(host);
  // An IP literal is connected to without a lookup, so it is checked here.
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new PrivateAddressError(host);
}

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
// IPv6 forms that carry an IPv4 address inside them count as not public too: a NAT64 gateway
// (64:ff9b::/96, 64:ff9b:1::/48), a 6to4 relay (2002::/16) or Teredo (2001::/32) would carry a
// request on to 64:ff9b::7f00:1 = 127.0.0.1, and ::a.b.c.d (IPv4-compatible, ::/96) is obsolete.
for (const [net, prefix] of [
  ["::", 96],
  ["64:ff9b::", 96],
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
  return !NOT_PUBLIC.check(bare, family === 4 ? "ipv4" : "ipv6");
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

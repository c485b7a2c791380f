import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  assertPublicHost,
  ipv6Groups,
  isPublicAddress,
  nat64Target,
  PrivateAddressError,
  publicOnlyDispatcher,
  publicOnlyLookup,
} from "./public-address.server.ts";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, shared, reserved and multicast addresses", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "[::1]",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
      // IETF protocol assignments, documentation and benchmarking networks.
      "192.0.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "2001:db8::1",
      "fc00::1",
      "febf::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it("accepts public addresses", () => {
    for (const a of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "2606:4700::1111",
      "::ffff:93.184.216.34",
      // Just past the refused networks.
      "100.128.0.1",
      "198.20.0.1",
      "192.0.3.1",
      "2001:db9::1",
      "fec0::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address it carries, in any spelling", () => {
    for (const a of ["::FFFF:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:a9fe:a9fe", "[::ffff:10.0.0.1]"]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress("::ffff:808:808")).toBe(true);
    expect(isPublicAddress("[::FFFF:8.8.8.8]")).toBe(true);
    // A public IPv6 address that merely ends in a dotted quad is not a mapped one.
    expect(isPublicAddress("2606:4700::ffff:127.0.0.1")).toBe(true);
  });

  it("judges a well-known NAT64 address by the IPv4 address it carries (an IPv6-only host reaches IPv4 so)", () => {
    for (const a of [
      "64:ff9b::7f00:1",
      "64:FF9B::127.0.0.1",
      "64:ff9b::a00:1",
      "[64:ff9b::a9fe:a9fe]",
      "64:ff9b::",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ["64:ff9b::808:808", "64:ff9b:0:0:0:0:5db8:d822", "64:ff9b::93.184.216.34"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    expect(nat64Target("64:ff9b::7f00:1")).toBe("127.0.0.1");
    expect(nat64Target("64:ff9b::127.0.0.1")).toBe("127.0.0.1");
    expect(nat64Target("64:ff9b::93.184.216.34")).toBe("93.184.216.34");
    // Only the well-known prefix, all of it.
    expect(nat64Target("65:ff9b::7f00:1")).toBeUndefined();
    expect(nat64Target("64:ff9a::7f00:1")).toBeUndefined();
    expect(nat64Target("64:ff9b:1::7f00:1")).toBeUndefined();
    expect(nat64Target("64:ff9b:0:1::7f00:1")).toBeUndefined();
    expect(nat64Target("64:ff9b:0:0:1::7f00:1")).toBeUndefined();
    // A zone that looks like a dotted quad is not the carried address.
    expect(isPublicAddress("64:ff9b::7f00:1%1.1.1.1")).toBe(false);
    expect(nat64Target("64:ff9b::7f00:1%8.8.8.8")).toBe("127.0.0.1");
    expect(nat64Target("64:ff9b::c0a8:1")).toBe("192.168.0.1");
    expect(nat64Target("64:ff9b:0:0:0:0:808:808")).toBe("8.8.8.8");
    expect(nat64Target("64:ff9b:0:0:0:1:808:808")).toBeUndefined();
    expect(nat64Target("2606:4700::1111")).toBeUndefined();
  });

  it("expands an IPv6 address into its eight groups", () => {
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("fe80::")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("64:ff9b::1.2.3.4")).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x102, 0x304]);
    expect(ipv6Groups("1:2:3:4:5:6:7::")).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups("FE80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("refuses IPv6 forms that carry an IPv4 address on to it: local NAT64, 6to4, Teredo, IPv4-compatible", () => {
    for (const a of [
      "64:ff9b:1::a00:1",
      "64:ff9b:1::808:808",
      "::ffff:0:7f00:1",
      "::ffff:0:127.0.0.1",
      "::ffff:0:808:808",
      "2002:7f00:1::1",
      "2002:c0a8:101::",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "::127.0.0.1",
      "::a00:1",
      "::808:808",
      "100::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    // Just past them.
    for (const a of [
      "64:ff9a:ffff::1",
      "64:ff9b:2::1",
      "2001:1::1",
      "2003::1",
      "0:0:0:1::1",
      "100:0:0:1::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it("takes off one pair of brackets around an address, and nothing else", () => {
    expect(isPublicAddress("[2606:4700::1111]")).toBe(true);
    expect(isPublicAddress("[::1]")).toBe(false);
    for (const a of [
      "2606:4700::[1111",
      "2606:4700::]1111",
      "[[2606:4700::1111]]",
      "::ffff:8.8.8.8]junk",
      "8.8.8.8x",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

describe("assertPublicHost", () => {
  it("refuses IP literals that are not public and localhost names; names are left to the lookup", () => {
    for (const u of [
      "http://127.0.0.1/a",
      "http://[::1]/a",
      "http://2130706433/a",
      "http://0x7f.1/a",
      "http://localhost/a",
      "http://a.localhost/a",
      "http://LOCALHOST:8080/a",
      "http://[fe80::1]/a",
      "http://[::ffff:169.254.169.254]/a",
      "http://10.0.0.1:3000/a",
    ]) {
      expect(() => assertPublicHost(new URL(u)), u).toThrow(PrivateAddressError);
    }
    for (const u of [
      "https://8.8.8.8/a",
      "https://[2606:4700::1111]/a",
      "https://images.publisher.example/a.jpg",
      // Names that only contain "localhost" are names like any other.
      "https://notlocalhost/a",
      "https://localhost.example/a",
    ]) {
      expect(() => assertPublicHost(new URL(u)), u).not.toThrow();
    }
  });

  it("names the refused host, without its brackets", () => {
    const error = (() => {
      try {
        assertPublicHost(new URL("http://[::1]:8080/a"));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PrivateAddressError);
    expect((error as Error).name).toBe("PrivateAddressError");
    expect((error as Error).message).toBe("::1 is not a public internet address");
  });
});

/** What publicOnlyLookup answers for a host, as (error, address, family). */
function lookupOf(hostname: string, options: { all?: boolean } = {}) {
  return new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
    publicOnlyLookup(hostname, options, (err, address, family) => resolve({ err, address, family })),
  );
}

describe("publicOnlyLookup and publicOnlyDispatcher", () => {
  it("answers a public address as the socket asked for it: one address, or all of them", async () => {
    expect(await lookupOf("8.8.8.8")).toEqual({ err: null, address: "8.8.8.8", family: 4 });
    expect(await lookupOf("2606:4700::1111")).toEqual({ err: null, address: "2606:4700::1111", family: 6 });
    expect(await lookupOf("8.8.8.8", { all: true })).toEqual({
      err: null,
      address: [{ address: "8.8.8.8", family: 4 }],
      family: undefined,
    });
  });

  it("passes a failed lookup's own error on", async () => {
    const { err } = await lookupOf("no-such-host.invalid");
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PrivateAddressError);
    const all = await lookupOf("127.0.0.1", { all: true });
    expect(all.err).toBeInstanceOf(PrivateAddressError);
    expect(all.err?.message).toBe("127.0.0.1 is not a public internet address");
  });

  it("a name that resolves to loopback is refused when the connection is made", async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup("localhost", {}, (err) => resolve(err)),
    );
    expect(error).toBeInstanceOf(PrivateAddressError);

    const server = createServer((_req, res) => res.end("secret"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as AddressInfo).port;
      const failure = await fetch(`http://localhost:${port}/`, {
        dispatcher: publicOnlyDispatcher(),
      } as RequestInit).catch((e: Error) => e);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).cause).toBeInstanceOf(PrivateAddressError);
    } finally {
      server.close();
    }
  });
});
